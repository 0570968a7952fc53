import Lattice
import LatticeBench
import LatticeTesting

/// One strategy's environment with an operation loaded, a body that reads only the handle's
/// phase, and what the commit kinds need to write and restore.
@MainActor
public final class RerunSubject {
    /// The environment and its handle.
    public let loaded: LoadedHandle
    /// Where the commits write.
    public let target: RerunTarget
    /// The body, reading the handle's phase.
    public let probe: BodyProbe<String>
    /// The target field's value in the `ok` response (a string: the commits write another
    /// string, a null or an error, and then this back).
    public let original: FieldValue
    /// The record and field of a list of at least two links in the operation's data.
    private let links: (record: DataID, field: String, items: [DataID?])?
    private var toggled = false
    private var token = 0

    /// Loads `target.operation` under `strategy`, counting, and starts the body; with `eventLog`,
    /// the environment keeps a log (with record ids, for the fields' types) that the body tells.
    /// - Throws: when the fixture does not load or lacks the target field.
    public init(_ fixtures: CompiledSpec, _ strategy: PhaseStrategy, _ target: RerunTarget, eventLog: Bool = false) throws {
        let loaded = try LoadedHandle(fixtures: fixtures, strategy: strategy, operation: target.operation,
                                      counting: true,
                                      eventLog: eventLog ? EventLog.Configuration(includesValues: true) : nil)
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
        // Without a log, the probe runs as an unnamed one does.
        probe = BodyProbe(Self.body(of: target), log: loaded.environment.eventLog) { handle.phase.name }
    }

    /// The name the body has in the event log and in BENCHMARKS.md: the phase it reads.
    public static func body(of target: RerunTarget) -> String { "\(target.operation).phase" }

    /// Body re-runs so far (the first run excluded).
    public var bodies: Int { probe.reruns }

    /// A number that differs on every call.
    public func nextToken() -> Int {
        token += 1
        return token
    }

    /// Writes `value` (with `errors`) to `field` (the target field unless given) of the
    /// target record in one commit, then flushes the body.
    public func write(_ value: FieldValue, errors: [GraphQLError]? = nil, to field: String? = nil, on record: DataID? = nil) {
        loaded.environment.commitUpdate { delta in
            delta.set(FieldState(value: value, errors: errors), for: FieldKey(field ?? target.field),
                      on: record ?? target.record)
        }
        probe.flush()
    }

    /// Writes the target field's other value: a new string, then its original, alternately.
    public func toggleValue() {
        toggled.toggle()
        write(toggled ? .scalar(.string("lab \(target.field)")) : original)
    }

    /// Reverses the list of links (the second call restores it).
    public func reverseLinks() {
        guard let links else { return }
        let current = loaded.environment.store.snapshot().records[links.record]?[links.field]?.value
        let items = current == .links(links.items) ? Array(links.items.reversed()) : links.items
        write(.links(items), to: links.field, on: links.record)
    }

    /// Refetches and waits for the answer, flushing when the fetch starts and when it ends.
    public func refetch(failing: Bool) {
        if failing { loaded.transport.enqueue(target.operation, .fail(Self.failure)) }
        let handle = loaded.handle
        handle.refetch()
        probe.flush()
        runMainLoop { !handle.fetch.isInFlight }
        probe.flush()
    }

    /// Retries the failed fetch and waits, flushing as `refetch` does.
    public func retry() {
        let handle = loaded.handle
        guard handle.retry() != nil else { return }
        probe.flush()
        runMainLoop { !handle.fetch.isInFlight }
        probe.flush()
    }

    /// The events behind the counts of one cycle of `kind` under `strategy` (BodyReruns'
    /// `events`), on a subject of its own with the event log on, after the cycle its
    /// benchmark's `setUp` runs first: each re-run of the body (`bodies`) and each field
    /// notified (`notifications`), with its commit and field.
    /// - Throws: as `init` does.
    public static func eventsOfOneCycle(_ fixtures: CompiledSpec, _ strategy: PhaseStrategy, _ target: RerunTarget,
                                        _ kind: CommitKind) throws
        -> (bodies: [CountEvent], notifications: [CountEvent]) {
        let subject = try RerunSubject(fixtures, strategy, target, eventLog: true)
        guard let log = subject.loaded.environment.eventLog else { return ([], []) }
        kind.cycle(subject)
        log.removeAll()
        kind.cycle(subject)
        let events = CountEvents(log, store: subject.loaded.environment.store)
        return (events.bodies([body(of: target)]), events.notifications())
    }

    /// Whether a list of links was found for `linkMoved`.
    public var hasLinks: Bool { links != nil }

    private static let failure = Failure.transport(.unreachable, underlying: "lab: refetch refused")
}

/// A fixture without a field a commit kind writes.
public enum RerunSubjectError: Error, CustomStringConvertible {
    case missingField(record: DataID, field: String)
    case noLinks(operation: String)

    public var description: String {
        switch self {
        case let .missingField(record, field): "record \(record.rawValue) has no field \(field)"
        case .noLinks(let operation): "\(operation)'s data has no list of two or more links"
        }
    }
}
