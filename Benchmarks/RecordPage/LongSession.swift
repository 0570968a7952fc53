import LabSupport
import Lattice
import LatticeBench
import LatticeSuite

/// A long session as the record's system measures one: the store holding the record's page,
/// then `lookups` lookups of new ids (`CharacterName`, a root field `character(id:)` and one
/// character), each committed on its own and retained, as an app looking characters up one
/// by one keeps them; and the lookup's commit a benchmark measures at that point.
///
/// The harness makes its state once a measuring pass and runs the operation about a million
/// times in it, so a commit of a lookup of an id never seen would grow the session by the
/// operations measured. The measured commit keeps it at its size instead: it writes one of two
/// characters looked up once in the set-up (its record deleted since, so the commit makes it
/// exist again, its root link already in place) and deletes the other, which the next commit
/// writes. What the record's commit does beyond it: the root's new key and the new record's
/// entry in the store's table; what this does beyond the record's: the deletion of one record
/// (its two fields) in the same commit. The session's own commits of new ids, its first and
/// its last `window`, are timed as it is built (one clock reading around each window's
/// commits) and observed beside it: the record's figure itself, though a wall time of one
/// pass, not sampled.
@MainActor
final class LongSession {
    let store: Store
    /// The heap the lookups grew the session by, bytes (nil without jemalloc), and the
    /// records it holds after them.
    let sessionBytes: Int?
    let records: Int
    /// The mean wall time of a commit of a lookup of a new id over the session's first and
    /// its last `window` lookups, nanoseconds (nil when it makes fewer than two windows).
    let startCommit: Double?
    let endCommit: Double?
    /// The two commits the operation alternates: each writes one character and deletes the other.
    private let commits: [RecordSourceDelta]
    private var turn = 0
    /// The lookups' retentions: the session keeps every lookup it made.
    private let retentions: [Retention]

    init(_ fixture: RecordPageFixture, lookups: Int) throws {
        let store = try fixture.store()
        self.store = store
        var retentions: [Retention] = []
        let before = LiveHeap.threadBytes()
        var windows: [Double] = []
        for start in stride(from: 0, to: lookups, by: Self.window) {
            let ids = (start..<min(start + Self.window, lookups)).map {
                CollectionStore.nodeID("Character", Self.firstLookedUp + $0)
            }
            let operations = try ids.map { try fixture.operation("CharacterName", variables: ["id": .string($0)]) }
            let deltas = try zip(ids, operations).map { try Self.lookUp($0, for: $1) }
            let clock = ContinuousClock()
            let began = clock.now
            for delta in deltas { store.publish(delta) }
            let took = (clock.now - began).components
            windows.append((Double(took.seconds) * 1e9 + Double(took.attoseconds) / 1e9) / Double(ids.count))
            for operation in operations { retentions.append(store.retain(operation)) }
        }
        let after = LiveHeap.threadBytes()
        startCommit = windows.count > 1 ? windows.first : nil
        endCommit = windows.count > 1 ? windows.last : nil
        sessionBytes = before.flatMap { before in after.map { $0 - before } }
        records = store.source.count
        // The two characters the measured commits alternate, each looked up once; the first
        // deleted, which the first commit writes again while it deletes the second.
        let measured = [Self.firstLookedUp + lookups, Self.firstLookedUp + lookups + 1]
            .map { CollectionStore.nodeID("Character", $0) }
        let written = try measured.map { try Self.lookUp($0, in: fixture, into: store, retentions: &retentions) }
        var deletion = RecordSourceDelta()
        deletion.delete(DataID(measured[0]))
        store.publish(deletion)
        self.retentions = retentions
        commits = zip(written, measured.reversed()).map { lookup, other in
            var commit = lookup
            commit.delete(DataID(other))
            return commit
        }
        // Each commit writes its character again and deletes the other: two records changed
        // each time, and the session's size kept.
        let size = store.source.count
        for _ in 0..<4 {
            let changes = commit()
            guard changes.changedRecords.count == 2, store.source.count == size else {
                throw SetUpError(description: "a measured lookup's commit changed \(changes.changedRecords.count) records "
                                     + "in a session of \(store.source.count); expected two, in a session of \(size)")
            }
        }
    }

    /// The first character number a session looks up: past the page's characters.
    private static let firstLookedUp = 1_000_000
    /// The lookups normalized ahead of their commits, and timed together.
    private static let window = 1_000

    /// The normalized answer of `operation`, a lookup of `id`.
    private static func lookUp(_ id: String, for operation: BoundArtifact) throws -> RecordSourceDelta {
        let character = JSONValue.object(["id": .string(id), "name": .string("Looked up \(id)")])
        return try ResponseNormalizer.normalize(GraphQLResponse(data: .object(["character": character])),
                                                for: operation).delta
    }

    /// One lookup of `id` committed on its own into `store` and retained. - Returns: its
    /// normalized delta.
    private static func lookUp(_ id: String, in fixture: RecordPageFixture, into store: Store,
                               retentions: inout [Retention]) throws -> RecordSourceDelta {
        let operation = try fixture.operation("CharacterName", variables: ["id": .string(id)])
        let delta = try lookUp(id, for: operation)
        store.publish(delta)
        retentions.append(store.retain(operation))
        return delta
    }

    /// The measured commit: one character written, the other deleted.
    @discardableResult
    func commit() -> CommitChanges {
        defer { turn = 1 - turn }
        return store.publish(commits[turn])
    }

    /// The session's growth and size, as the benchmark observes them.
    func observed() -> [String: Double] {
        var observed = [SuiteBenchmark.ObservedName.residentRecords: Double(records)]
        if let sessionBytes { observed[SuiteBenchmark.ObservedName.sessionBytes] = Double(sessionBytes) }
        if let startCommit, let endCommit {
            observed[SuiteBenchmark.ObservedName.sessionStartCommit] = startCommit
            observed[SuiteBenchmark.ObservedName.sessionEndCommit] = endCommit
        }
        return observed
    }
}
