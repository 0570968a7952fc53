// RecordPage: the record's benchmark. The system the decision record comes from publishes, for
// its recorded page of 899 records (686 KB, Apple M1 Pro), what each step from bytes to a read
// and a collection pass costs; these measure the same steps on a page of the same shape
// (LabSupport.RecordPageFixture, Tests/Fixtures/RecordPage: 689 KB, 900 records), and
// BENCHMARKS.md sets the two side by side:
//
//   RecordPage/ingest           the page's bytes into normalized records: GraphQLResponse(decoding:),
//                               then ResponseNormalizer.normalize
//   RecordPage/commitIntoEmpty  the normalized page published into a new store, made and released
//                               in the operation (the harness has no set-up per operation)
//   RecordPage/commitAgain      the same records published again into the store holding them:
//                               every write equal, nothing changes
//   RecordPage/readUntracked    a body reading the eight scalar fields of the page's first
//                               character through its lens, outside any tracking scope
//   RecordPage/readTracked      the same body inside a body's tracking scope, as FieldRead
//                               measures it (LabSupport.TrackedScope)
//   RecordPage/check            the data check of the page's selection (DataChecker.check)
//   RecordPage/collectOneRoot   Store.collectGarbage over one root reaching 50,004 records
//   RecordPage/collect300Roots  the same over 300 roots reaching one record each
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
//
// The reads count `fields`, the fields a body reads, so BENCHMARKS.md gives a field's cost.
// Every set-up checks that it built what its benchmark claims to measure, and throws if not.
import Foundation
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite

/// Characters the one root of `collectOneRoot` reaches: with their origin, their page, its info
/// and the root record, 50,004 records, as the published pass.
let collectedCharacters = 50_000
/// Roots of `collect300Roots`.
let collectedRoots = 300

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

/// Why a set-up did not build what its benchmark measures.
struct SetUpError: Error, CustomStringConvertible {
    let description: String
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
        image = try StoreImage(url: folder.appendingPathComponent("image.sqlite"), schemaDigest: "RecordPage")
        try image.write(rows)
        try hydrate()
        guard let hydrated, hydrated.source.count == store.source.count,
              DataChecker.check(fixture.page, in: hydrated).status == .available else {
            throw SetUpError(description: "the page read back from its image is not the page committed")
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
        let store = Store()
        var hydration = ImageHydration(image: image, store: store)
        try hydration.hydrate(fixture.page)
        guard hydration.corrupt.isEmpty else {
            throw SetUpError(description: "rows of the page's image do not read back: \(hydration.corrupt.count)")
        }
        store.publish(hydration.delta)
        hydrated = store
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
        Benchmark(SuiteBenchmark.recordPage(step: "readUntracked").nameInExecutable, setUp: { try PageBody(fixture) }, counts: { $0.counts }) { body in
            try body.read()
        },
        Benchmark(SuiteBenchmark.recordPage(step: "readTracked").nameInExecutable, setUp: { try PageBody(fixture) }, counts: { $0.counts }) { body in
            let failure: (any Error)? = body.scope.run {
                do { try body.read(); return nil } catch { return error }
            }
            if let failure { throw failure }
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
    ]
}

runSuite("RecordPage") { benchmarks(try RecordPageFixture.load()) }
