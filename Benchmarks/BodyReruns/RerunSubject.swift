import LabSupport
import Lattice
import LatticeTesting

/// One strategy's environment with an operation loaded, a body that reads only the handle's
/// phase, and what the commit kinds need to write and restore.
@MainActor
final class RerunSubject {
    let loaded: LoadedHandle
    let target: RerunTarget
    let probe: BodyProbe<String>
    /// The target field's value in the `ok` response (a string: the commits write another
    /// string, a null or an error, and then this back).
    let original: FieldValue
    /// The record and field of a list of at least two links in the operation's data.
    private let links: (record: DataID, field: String, items: [DataID?])?
    private var toggled = false
    private var token = 0

    /// Loads `target.operation` under `strategy`, counting, and starts the body.
    /// - Throws: when the fixture does not load or lacks the target field.
    init(_ fixtures: CompiledSpec, _ strategy: PhaseStrategy, _ target: RerunTarget) throws {
        let loaded = try LoadedHandle(fixtures: fixtures, strategy: strategy, operation: target.operation,
                                      counting: true)
        let records = loaded.environment.store.snapshot().records
        guard let original = records[target.record]?[target.field]?.value else {
            throw RerunSubjectError.missingField(record: target.record, field: target.field)
        }
        self.loaded = loaded
        self.target = target
        self.original = original
        // The first list of two or more distinct links, in a fixed order, so reruns agree.
        links = records.keys.sorted { $0.rawValue < $1.rawValue }.lazy.compactMap { id in
            records[id]?.keys.sorted().lazy.compactMap { field -> (DataID, String, [DataID?])? in
                guard case .links(let items) = records[id]?[field]?.value, Set(items).count >= 2 else { return nil }
                return (id, field, items)
            }.first
        }.first
        let handle = loaded.handle
        probe = BodyProbe { handle.phase.name }
    }

    /// Body re-runs so far (the first run excluded).
    var bodies: Int { probe.reruns }

    /// A number that differs on every call.
    func nextToken() -> Int {
        token += 1
        return token
    }

    /// Writes `value` (with `errors`) to `field` (the target field unless given) of the
    /// target record in one commit, then flushes the body.
    func write(_ value: FieldValue, errors: [GraphQLError]? = nil, to field: String? = nil, on record: DataID? = nil) {
        loaded.environment.commitUpdate { delta in
            delta.set(FieldState(value: value, errors: errors), for: FieldKey(field ?? target.field),
                      on: record ?? target.record)
        }
        probe.flush()
    }

    /// Writes the target field's other value: a new string, then its original, alternately.
    func toggleValue() {
        toggled.toggle()
        write(toggled ? .scalar(.string("lab \(target.field)")) : original)
    }

    /// Reverses the list of links (the second call restores it).
    func reverseLinks() {
        guard let links else { return }
        let current = loaded.environment.store.snapshot().records[links.record]?[links.field]?.value
        let items = current == .links(links.items) ? Array(links.items.reversed()) : links.items
        write(.links(items), to: links.field, on: links.record)
    }

    /// Refetches and waits for the answer, flushing when the fetch starts and when it ends.
    func refetch(failing: Bool) {
        if failing { loaded.transport.enqueue(target.operation, .fail(Self.failure)) }
        let handle = loaded.handle
        handle.refetch()
        probe.flush()
        runMainLoop { !handle.fetch.isInFlight }
        probe.flush()
    }

    /// Retries the failed fetch and waits, flushing as `refetch` does.
    func retry() {
        let handle = loaded.handle
        guard handle.retry() != nil else { return }
        probe.flush()
        runMainLoop { !handle.fetch.isInFlight }
        probe.flush()
    }

    /// Whether a list of links was found for `linkMoved`.
    var hasLinks: Bool { links != nil }

    private static let failure = Failure.transport(.unreachable, underlying: "lab: refetch refused")
}

/// A fixture without a field a commit kind writes.
enum RerunSubjectError: Error, CustomStringConvertible {
    case missingField(record: DataID, field: String)
    case noLinks(operation: String)

    var description: String {
        switch self {
        case let .missingField(record, field): "record \(record.rawValue) has no field \(field)"
        case .noLinks(let operation): "\(operation)'s data has no list of two or more links"
        }
    }
}
