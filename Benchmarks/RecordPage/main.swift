// RecordPage: the record's benchmark. The system the decision record comes from publishes, for
// its recorded page of 899 records (686 KB, Apple M1 Pro), what each step from bytes to a read
// and a collection pass costs; these measure the same steps on a page of the same shape
// (LabSupport.RecordPageFixture, Tests/Fixtures/RecordPage: 689 KB, 900 records), and
// BENCHMARKS.md sets the two side by side:
//
//   RecordPage/ingest           the page's bytes into normalized records: GraphQLResponse(decoding:),
//                               then ResponseNormalizer.normalize
//   RecordPage/commitIntoEmpty  the normalized page published into a new store, made and released
//                               in the operation (measured with it)
//   RecordPage/compositeKeyIngest  `ingest` of the page keyed by the composite (id, name)
//                               (CompositeKeyPage: issue 39's goal, at most 1.2x `ingest`)
//   RecordPage/compositeKeyCommit  `commitIntoEmpty` of the page keyed so (at most 1.2x it)
//   RecordPage/commitAgain      the same records published again into the store holding them:
//                               every write equal, nothing changes
//   RecordPage/readUntracked    a body reading the eight scalar fields of the page's first
//                               character through its lens, outside any tracking scope
//   RecordPage/commitOneChange  the page published again into the store holding it with one
//                               character's name changed (the other value each time), while 20
//                               rows (the page's characters) observe their name, tracked, each
//                               run again when told as a re-render is; counts `notifications`
//                               and `bodies` (one each a commit)
//   RecordPage/readTracked      the same body inside a body's tracking scope, as FieldRead
//                               measures it (LabSupport.TrackedScope)
//   RecordPage/readCaught       the same eight fields of the same character, each selected under
//                               `@catch` (to: RESULT) by a query of the page's schema, read
//                               untracked through `Lens.caught`: none has an error
//   RecordPage/check            the data check of the page's selection (DataChecker.check)
//   RecordPage/snapshot         a Sendable snapshot of the page's data (DataSnapshot) taken
//                               from the typed lens on its root, every record it reaches
//                               copied, and opened again as the same typed lens; counts `records`
//   RecordPage/unionIngest      the bytes of a search answering 899 objects under a union, a
//                               third of each of its three types, into normalized records
//                               (LabSupport.UnionSearchPage: the page's schema has no union)
//   RecordPage/deleteOne        a commit deleting one character of a store of 8,965 records
//                               (CollectionStore's one root over 8,961 characters), then the
//                               commit writing it back, measured with it (not yet a set-up per operation).
//                               The record's figure is mostly a pass telling every slot linking
//                               to the record, which a commit here does not need (DeletingStore)
//   RecordPage/longSession      a lookup's commit (`CharacterName`, one character) at the end of a
//                               session of 50,000 lookups of new ids committed one by one into the
//                               store holding the page (LongSession says how it keeps the session at
//                               its size); observes `sessionBytes`, the heap the lookups grew it by,
//                               `residentRecords`, its records after them, and `sessionStartCommit`
//                               and `sessionEndCommit`, the session's own commits of new ids timed
//                               over its first and last thousand lookups
//   RecordPage/longSessionStart the same commit at the session's start: the page alone, no lookup
//   RecordPage/collectOneRoot   Store.collectGarbage over one root reaching 50,004 records
//   RecordPage/collect300Roots  the same over 300 roots reaching one record each
//   RecordPage/collectNone      the same over a store retaining no root, which the commit before
//                               each operation refilled with the 50,004 records (a set-up per
//                               operation, unmeasured): the pass alone, sweeping all but the root
//                               record
//   RecordPage/imageEncode      the write-behind's share on the main actor for the page's commit:
//                               each of its records encoded into its image row
//                               (RecordEncoding.encodeBase: the base, under any optimistic
//                               layer; none here), as Environment does after a commit
//   RecordPage/imageWrite       the write-behind's share off the main actor: those rows written in
//                               one transaction into an image holding the page (each row read and
//                               written over the one it finds), as a refetch of the page writes
//   RecordPage/imageHydrate     the page read from its image into an empty store, as an attach at
//                               launch does (ImageHydration, then Store.publish); observes
//                               `imageBytes`, the file's pages in use holding the page,
//                               `storeBytes`, the heap the hydrated store takes, and
//                               `residentRecords`, its records (bytes per record in BENCHMARKS.md)
//   RecordPage/imageLaunch      a launch: the image opened (StoreImage(url:schemaDigest:), a launch
//                               counted) and the page hydrated from it into an empty store
//   RecordPage/referenceParse   the floor of `ingest`: simdjson's DOM parse of the page's bytes and a
//                               walk of every value (ReferenceParse, the C++ target CReferenceParse;
//                               left out where simdjson is missing)
//
// BENCHMARKS.md sets each beside the record's figure (ReferenceSystemFigures), and issue 38's
// goals (spec/limits.json) ask each new one to be at or under the record's best.
//
// The reads count `fields`, the fields a body reads, so BENCHMARKS.md gives a field's cost.
// Every set-up checks that it built what its benchmark claims to measure, and throws if not.
import Foundation
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting
import Observation

/// Characters the one root of `collectOneRoot` reaches: with their origin, their page, its info
/// and the root record, 50,004 records, as the published pass.
let collectedCharacters = 50_000
/// Roots of `collect300Roots`.
let collectedRoots = 300
/// Characters of the store `deleteOne` deletes from: with their origin, their page, its info and
/// the root record, 8,965 records, as the published deletion's store.
let storeCharacters = 8_961
/// The lookups of `longSession`'s session, as the record's.
let sessionLookups = 50_000
/// The page's characters observing their name in `commitOneChange`.
let observedCharacters = 20

/// A store holding the page, the lens of its first character and the scope tracked reads use;
/// counts the fields its bodies read.
@MainActor
final class PageBody {
    let store: Store
    let character: Lens
    let scope = TrackedScope()
    private(set) var fieldsRead = 0

    init(_ fixture: RecordPageFixture) throws {
        store = try fixture.store()
        character = try fixture.firstCharacter(in: store)
    }

    /// Reads every scalar field of the character once.
    func read() throws {
        for key in RecordPageFixture.characterFields {
            let value: String? = try character.read(key)
            blackHole(value)
        }
        fieldsRead += RecordPageFixture.characterFields.count
    }

    var counts: [String: Int] { ["fields": fieldsRead] }
}

/// The page's data as an app's typed lens on its root (generated code would name its fields;
/// the snapshot reads none), and the records a snapshot of it copies.
@MainActor
struct PageData: TypedLens {
    let lens: Lens
}

/// A store holding the page and the typed lens on its root, for `RecordPage/snapshot`.
@MainActor
final class SnapshotPage {
    let store: Store
    let data: PageData
    /// The records of the store the snapshot copies (the page reaches them all).
    private let perCopy: Int
    /// Records copied, over all operations.
    private(set) var records = 0

    init(_ fixture: RecordPageFixture) throws {
        store = try fixture.store()
        guard let root = store.record(.root) else { throw SetUpError(description: "the page's store has no root") }
        data = PageData(lens: Lens(fixture.page, record: root))
        perCopy = store.source.count
    }

    /// Takes the snapshot and opens it again.
    func cycle() -> PageData {
        records += perCopy
        return data.snapshot.open()
    }
}

/// Why a set-up did not build what its benchmark measures.
struct SetUpError: Error, CustomStringConvertible {
    let description: String
}

/// The page committed again with one character's name changed, while the page's first 20
/// characters observe their name (tracked, through their lens) and are run again when told, as
/// a re-render is; counts the notifications and the bodies told.
@MainActor
final class ObservedPage {
    let store: Store
    private let rows: [Lens]
    /// The page's records with the first character's name set to one value and to another.
    private let changed: [RecordSourceDelta]
    private var turn = 0
    private var dirty: [Int] = []
    private(set) var notifications = 0
    private(set) var bodies = 0

    init(_ fixture: RecordPageFixture) throws {
        store = try fixture.store()
        guard let root = store.record(.root), let characters: Lens = try Lens(fixture.page, record: root).read("characters")
        else { throw SetUpError(description: "the store holding the page has no characters") }
        let results: [Lens?] = try characters.read("results")
        rows = results.prefix(observedCharacters).compactMap { $0 }
        guard rows.count == observedCharacters else {
            throw SetUpError(description: "the page has \(rows.count) characters to observe, not \(observedCharacters)")
        }
        let page = try ResponseNormalizer.normalize(fixture.response, for: fixture.page).delta
        let first = rows[0].id
        changed = ["Renamed a", "Renamed b"].map { name in
            var delta = page
            delta.set(FieldState(value: .scalar(.string(name))), for: FieldKey("name"), on: first)
            return delta
        }
        for index in rows.indices { observe(index) }
        // Each commit changes the one name: one notification, one body told.
        for name in ["Renamed a", "Renamed b"] {
            let before = (notifications, bodies)
            commit()
            let read: String? = try rows[0].read("name")
            guard notifications - before.0 == 1, bodies - before.1 == 1, read == name else {
                throw SetUpError(description: "a commit changing one name sent \(notifications - before.0) "
                                     + "notifications and told \(bodies - before.1) bodies, the name reads \(read ?? "nil"); "
                                     + "expected one each, and \(name)")
            }
        }
    }

    /// The page again, the name the other value; then the bodies told run again.
    func commit() {
        notifications += store.publish(changed[turn]).notifications
        turn = 1 - turn
        let due = dirty
        dirty.removeAll(keepingCapacity: true)
        for index in due { observe(index) }
    }

    /// A row body: reads its character's name, tracked.
    private func observe(_ index: Int) {
        let row = rows[index]
        withObservationTracking {
            _ = try? row.read("name") as String?
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                self?.bodies += 1
                self?.dirty.append(index)
            }
        }
    }

    var counts: [String: Int] {
        [SuiteBenchmark.CountName.notifications: notifications, SuiteBenchmark.CountName.bodies: bodies]
    }
}

/// A query of the page's schema selecting the page's first character's eight scalar fields,
/// each under `@catch` (to: RESULT), committed with that character's values into a store of its
/// own; counts the fields its body reads.
@MainActor
final class CaughtBody {
    /// The fields caught and read: the body's eight.
    static let fields = RecordPageFixture.characterFields

    static let document = """
    query CaughtCharacter($id: ID!) {
      character(id: $id) {
        id @catch name @catch status @catch species @catch type @catch gender @catch image @catch created @catch
      }
    }
    """

    /// The store holding the character: a lens reads its records while their store lives.
    let store = Store()
    let character: Lens
    private(set) var fieldsRead = 0

    init(_ fixture: RecordPageFixture) throws {
        let folder = try RecordPageFixture.locate()
        let schemaURL = folder.appendingPathComponent("schema.graphql")
        let spec = try Spec.locate()
        let schema = try SchemaBuilder.build(sources: [
            GraphQLSource(text: try String(contentsOf: schemaURL, encoding: .utf8), name: schemaURL.path),
            GraphQLSource(text: try spec.directives(), name: spec.root.appendingPathComponent("directives.graphql").path),
        ])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: Self.document, name: "CaughtCharacter.graphql")])
        guard let artifact = program["CaughtCharacter"] else { throw RecordPageError.missingOperation("CaughtCharacter") }
        guard case .object(let data)? = fixture.response.data, case .object(let characters)? = data["characters"],
              case .array(let results)? = characters["results"], case .object(let first)? = results.first,
              case .string(let id)? = first["id"] else {
            throw RecordPageError.missingData("characters.results[0].id of the page's response")
        }
        let bound = BoundArtifact(artifact, variables: ["id": .string(id)])
        try store.commit(GraphQLResponse(data: .object(["character": .object(first)])), for: bound)
        guard let root = store.record(.root), let character: Lens = try Lens(bound, record: root).read("character") else {
            throw RecordPageError.missingData("character(id:) of CaughtCharacter")
        }
        self.character = character
        // Every field caught reads its value: a caught error would measure another path.
        for key in Self.fields {
            let caught: CatchResult<String?> = try character.caught(key)
            guard case .ok(let value) = caught, value != nil else {
                throw SetUpError(description: "the caught field \(key) reads \(caught), not a value")
            }
        }
    }

    /// Reads every field of the character once, caught.
    func read() throws {
        for key in Self.fields {
            let value: CatchResult<String?> = try character.caught(key)
            blackHole(value)
        }
        fieldsRead += Self.fields.count
    }

    var counts: [String: Int] { [SuiteBenchmark.CountName.fields: fieldsRead] }
}

/// The union search's answer (LabSupport.UnionSearchPage), checked: it normalizes into its
/// objects and the root record.
@MainActor
func checkedUnionSearch() throws -> UnionSearchPage {
    let search = try UnionSearchPage()
    let store = Store()
    store.publish(try ResponseNormalizer.normalize(try GraphQLResponse(decoding: search.bytes), for: search.operation).delta)
    guard store.source.count == search.objects + 1 else {
        throw SetUpError(description: "the union search normalized into \(store.source.count) records, "
                             + "expected its \(search.objects) objects and the root")
    }
    return search
}

/// A store of 8,965 records, and the commits deleting one of its characters and writing it back.
///
/// The record's figure for the deletion is mostly its pass over the store telling every slot
/// linking to the record. A commit here makes no such pass: a link read tracks its target's
/// type, so the deletion, which sets the type, tells a body reading a link to the record
/// through the record itself. The set-up checks that it does.
@MainActor
final class DeletingStore {
    let collection: CollectionStore
    private let deletion: RecordSourceDelta
    private let restoration: RecordSourceDelta
    /// The bodies reading the root's link to the character told of a change.
    private var linkReadersTold = 0

    init(_ fixture: RecordPageFixture) throws {
        collection = try CollectionStore.oneRoot(characters: storeCharacters, in: fixture)
        let id = CollectionStore.nodeID("Character", storeCharacters / 2)
        var deletion = RecordSourceDelta()
        deletion.delete(DataID(id))
        self.deletion = deletion
        let character = JSONValue.object(["id": .string(id), "name": .string("Written back")])
        restoration = try ResponseNormalizer.normalize(GraphQLResponse(data: .object(["character": character])),
                                                       for: fixture.operation("CharacterName", variables: ["id": .string(id)])).delta
        // Twice: the first cycle writes the root's `character` link, which the others find.
        for _ in 0..<2 {
            let (deleted, written) = cycle()
            guard !deleted.changedFields.isEmpty, !written.changedFields.isEmpty,
                  collection.store.source.count == storeCharacters + 4 else {
                throw SetUpError(description: "the deletion changed \(deleted.changedFields.count) fields and the "
                                     + "write-back \(written.changedFields.count), in a store of "
                                     + "\(collection.store.source.count) records; expected changes in a store of 8,965 "
                                     + "and the root's link to the character")
            }
        }
        // A body reading the root's link to the character is told of the deletion, and reads null.
        let lookup = try fixture.operation("CharacterName", variables: ["id": .string(id)])
        guard let root = collection.store.record(.root) else { throw SetUpError(description: "the store has no root record") }
        let link = Lens(lookup, record: root)
        withObservationTracking {
            _ = try? link.read("character") as Lens?
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.linkReadersTold += 1 }
        }
        collection.store.publish(deletion)
        let read: Lens? = try link.read("character")
        collection.store.publish(restoration)
        guard linkReadersTold == 1, read == nil else {
            throw SetUpError(description: "the deletion told \(linkReadersTold) bodies reading a link to the record, "
                                 + "which reads \(read == nil ? "null" : "the record"); expected one, and null")
        }
    }

    /// The deletion's commit, then the one writing the character back.
    @discardableResult
    func cycle() -> (deleted: CommitChanges, written: CommitChanges) {
        (collection.store.publish(deletion), collection.store.publish(restoration))
    }
}

/// A store retaining no root, and the commit refilling it with the 50,004 records a pass then
/// keeps none of.
@MainActor
final class SweptStore {
    let store: Store
    private let refill: RecordSourceDelta

    init(_ fixture: RecordPageFixture) throws {
        let unrooted = try CollectionStore.unrooted(characters: collectedCharacters, in: fixture)
        store = unrooted.store
        refill = unrooted.refill
        // Twice: the first pass finds the store as it was made, every other one as a pass left it.
        for _ in 0..<2 {
            refillStore()
            guard store.source.count == collectedCharacters + 4 else {
                throw SetUpError(description: "the refill left \(store.source.count) records; expected 50,004")
            }
            let removed = store.collectGarbage()
            guard removed.count == collectedCharacters + 3, store.source.count == 1 else {
                throw SetUpError(description: "a pass after the refill removed \(removed.count) records and kept "
                                     + "\(store.source.count); expected all but the root record")
            }
        }
    }

    /// The refill's commit: the 50,004 records the last pass swept, back.
    func refillStore() {
        store.publish(refill)
    }
}

/// `collection`, checked: a pass over it keeps every record (so each pass of the benchmark
/// does the same work) and it holds `records` records from `roots` roots.
@MainActor
func checked(_ collection: CollectionStore, records: Int, roots: Int) throws -> CollectionStore {
    let removed = collection.store.collectGarbage()
    guard removed.isEmpty, collection.store.source.count == records, collection.store.retainedCount == roots else {
        throw SetUpError(description: "the collection store holds \(collection.store.source.count) records from "
                             + "\(collection.store.retainedCount) roots, a pass removed \(removed.count); "
                             + "expected \(records) records from \(roots) roots, none removed")
    }
    return collection
}

/// The page in its image: a file in a fresh folder holding every record of the page as the
/// write-behind leaves them, and the rows written there.
@MainActor
final class PageImage {
    let fixture: RecordPageFixture
    let folder: URL
    let imageURL: URL
    let image: StoreImage
    /// The store that committed the page, its records, and their rows.
    let store: Store
    let records: [Record]
    let rows: [(id: DataID, row: [UInt8]?)]
    /// The store the last hydration filled, kept for `observed()`.
    private var hydrated: Store?

    init(_ fixture: RecordPageFixture) throws {
        self.fixture = fixture
        let store = try fixture.store()
        self.store = store
        records = store.source.ids.compactMap { store.record($0) }
        rows = records.map { ($0.id, RecordEncoding.encodeBase(of: $0, in: store)) }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-record-page-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        imageURL = folder.appendingPathComponent("image.sqlite")
        image = try StoreImage(url: imageURL, schemaDigest: "RecordPage")
        try image.write(rows)
        try hydrate()
        guard let hydrated, hydrated.source.count == store.source.count,
              DataChecker.check(fixture.page, in: hydrated).status == .available else {
            throw SetUpError(description: "the page read back from its image is not the page committed")
        }
        let launched = try launch()
        guard launched.source.count == store.source.count, DataChecker.check(fixture.page, in: launched).status == .available
        else {
            throw SetUpError(description: "the page a launch hydrates from its image is not the page committed")
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The write-behind's main-actor share: every record's row, from the store's base.
    func encode() {
        for record in records { blackHole(RecordEncoding.encodeBase(of: record, in: store)) }
    }

    /// The page read from the image into an empty store.
    func hydrate() throws {
        hydrated = try read(from: image)
    }

    /// A launch: the image opened anew (a launch counted) and the page read from it into an
    /// empty store; the image is closed when the store is returned.
    @discardableResult
    func launch() throws -> Store {
        try read(from: StoreImage(url: imageURL, schemaDigest: "RecordPage"))
    }

    /// The page read from `image` into an empty store, as an attach at launch reads it.
    private func read(from image: StoreImage) throws -> Store {
        let store = Store()
        var hydration = ImageHydration(image: image, store: store)
        try hydration.hydrate(fixture.page)
        guard hydration.corrupt.isEmpty else {
            throw SetUpError(description: "rows of the page's image do not read back: \(hydration.corrupt.count)")
        }
        store.publish(hydration.delta)
        return store
    }

    /// The file's bytes in use, and the records and heap of the last hydrated store (what
    /// dropping it frees).
    func observed() -> [String: Double] {
        var observed: [String: Double] = [:]
        if let bytes = try? image.usedBytes() { observed[SuiteBenchmark.ObservedName.imageBytes] = Double(bytes) }
        guard let records = hydrated?.source.count else { return observed }
        observed[SuiteBenchmark.ObservedName.residentRecords] = Double(records)
        let held = LiveHeap.threadBytes()
        hydrated = nil
        if let held, let freed = LiveHeap.threadBytes() { observed[SuiteBenchmark.ObservedName.storeBytes] = Double(held - freed) }
        return observed
    }
}

@MainActor
func benchmarks(_ fixture: RecordPageFixture) -> [Benchmark] {
    [
        Benchmark(SuiteBenchmark.recordPage(step: "ingest").nameInExecutable) {
            blackHole(try ResponseNormalizer.normalize(try GraphQLResponse(decoding: fixture.bytes), for: fixture.page))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "commitIntoEmpty").nameInExecutable, setUp: { try ResponseNormalizer.normalize(fixture.response, for: fixture.page).delta }) { delta in
            blackHole(Store().publish(delta))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "compositeKeyIngest").nameInExecutable, setUp: { try CompositeKeyPage(fixture) }) { keyed in
            blackHole(try ResponseNormalizer.normalize(try GraphQLResponse(decoding: fixture.bytes), for: keyed.page))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "compositeKeyCommit").nameInExecutable, setUp: {
            try ResponseNormalizer.normalize(fixture.response, for: try CompositeKeyPage(fixture).page).delta
        }) { delta in
            blackHole(Store().publish(delta))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "commitAgain").nameInExecutable, setUp: { () throws -> (Store, RecordSourceDelta) in
            let delta = try ResponseNormalizer.normalize(fixture.response, for: fixture.page).delta
            let store = Store()
            store.publish(delta)
            let again = store.publish(delta)
            guard again.changedFields.isEmpty, again.createdRecords == 0 else {
                throw SetUpError(description: "publishing the page again changed \(again.changedFields.count) fields")
            }
            return (store, delta)
        }) { state in
            blackHole(state.0.publish(state.1))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "commitOneChange").nameInExecutable, setUp: { try ObservedPage(fixture) },
                  counts: { $0.counts }) { page in
            page.commit()
        },
        Benchmark(SuiteBenchmark.recordPage(step: "readUntracked").nameInExecutable, setUp: { try PageBody(fixture) }, counts: { $0.counts }) { body in
            try body.read()
        },
        Benchmark(SuiteBenchmark.recordPage(step: "readTracked").nameInExecutable, setUp: { try PageBody(fixture) }, counts: { $0.counts }) { body in
            let failure: (any Error)? = body.scope.run {
                do { try body.read(); return nil } catch { return error }
            }
            if let failure { throw failure }
        },
        Benchmark(SuiteBenchmark.recordPage(step: "readCaught").nameInExecutable, setUp: { try CaughtBody(fixture) },
                  counts: { $0.counts }) { body in
            try body.read()
        },
        Benchmark(SuiteBenchmark.recordPage(step: "snapshot").nameInExecutable, setUp: { try SnapshotPage(fixture) },
                  counts: { ["records": $0.records] }) { page in
            blackHole(page.cycle())
        },
        Benchmark(SuiteBenchmark.recordPage(step: "unionIngest").nameInExecutable, setUp: { try checkedUnionSearch() }) { search in
            blackHole(try ResponseNormalizer.normalize(try GraphQLResponse(decoding: search.bytes), for: search.operation))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "deleteOne").nameInExecutable, setUp: { try DeletingStore(fixture) }) { store in
            blackHole(store.cycle())
        },
        Benchmark(SuiteBenchmark.recordPage(step: "longSession").nameInExecutable,
                  metrics: Benchmark.defaultMetrics + [
                      .observed(SuiteBenchmark.ObservedName.sessionBytes, unit: .bytes),
                      .observed(SuiteBenchmark.ObservedName.sessionStartCommit, unit: .nanoseconds),
                      .observed(SuiteBenchmark.ObservedName.sessionEndCommit, unit: .nanoseconds),
                      .observed(SuiteBenchmark.ObservedName.residentRecords, unit: .count),
                  ],
                  setUp: { try LongSession(fixture, lookups: sessionLookups) }, observe: { $0.observed() }) { session in
            blackHole(session.commit())
        },
        Benchmark(SuiteBenchmark.recordPage(step: "longSessionStart").nameInExecutable,
                  setUp: { try LongSession(fixture, lookups: 0) }) { session in
            blackHole(session.commit())
        },
        Benchmark(SuiteBenchmark.recordPage(step: "check").nameInExecutable, setUp: { () throws -> Store in
            let store = try fixture.store()
            // Missing data would stop the walk at its first gap and measure a part of it.
            guard DataChecker.check(fixture.page, in: store).status == .available else {
                throw SetUpError(description: "the store holding the page is not available for it")
            }
            return store
        }) { store in
            blackHole(DataChecker.check(fixture.page, in: store))
        },
        Benchmark(SuiteBenchmark.recordPage(step: "collectOneRoot").nameInExecutable, setUp: {
            try checked(CollectionStore.oneRoot(characters: collectedCharacters, in: fixture),
                        records: collectedCharacters + 4, roots: 1)
        }) { collection in
            blackHole(collection.store.collectGarbage())
        },
        Benchmark(SuiteBenchmark.recordPage(step: "collect\(collectedRoots)Roots").nameInExecutable, setUp: {
            try checked(CollectionStore.roots(collectedRoots, in: fixture), records: collectedRoots + 1,
                        roots: collectedRoots)
        }) { collection in
            blackHole(collection.store.collectGarbage())
        },
        // The refill is the operation's set-up, which no mode measures: callgrind counts the pass
        // alone and runs the refill uninstrumented.
        Benchmark(SuiteBenchmark.recordPage(step: "collectNone").nameInExecutable, setUp: { try SweptStore(fixture) },
                  setUpEach: { $0.refillStore() }) { swept in
            blackHole(swept.store.collectGarbage())
        },
        Benchmark(SuiteBenchmark.recordPage(step: "imageEncode").nameInExecutable, setUp: { try PageImage(fixture) }) { page in
            page.encode()
        },
        Benchmark(SuiteBenchmark.recordPage(step: "imageWrite").nameInExecutable, setUp: { try PageImage(fixture) }) { page in
            try page.image.write(page.rows)
        },
        Benchmark(SuiteBenchmark.recordPage(step: "imageHydrate").nameInExecutable,
                  metrics: Benchmark.defaultMetrics + [
                      .observed(SuiteBenchmark.ObservedName.imageBytes, unit: .bytes),
                      .observed(SuiteBenchmark.ObservedName.storeBytes, unit: .bytes),
                      .observed(SuiteBenchmark.ObservedName.residentRecords, unit: .count),
                  ],
                  setUp: { try PageImage(fixture) }, observe: { $0.observed() }) { page in
            try page.hydrate()
        },
        Benchmark(SuiteBenchmark.recordPage(step: "imageLaunch").nameInExecutable, setUp: { try PageImage(fixture) }) { page in
            blackHole(try page.launch())
        },
    ] + (ReferenceParse.isAvailable ? [
        Benchmark(SuiteBenchmark.recordPage(step: "referenceParse").nameInExecutable,
                  setUp: { try ReferenceParse(bytes: fixture.bytes, expectedValues: try fixture.valueCount()) }) { reference in
            blackHole(reference.walk())
            blackHole(reference.checksum)
        },
    ] : [])
}

runSuite("RecordPage") { benchmarks(try RecordPageFixture.load()) }
