/// What the runtime did, in order, for a person asking why: which request, which commit,
/// which field, which body (`RuntimeEvent`). An environment made with
/// `Configuration.eventLog` keeps one (`Environment.eventLog`); `chromeTrace()` writes it for
/// Perfetto and chrome://tracing.
///
/// Value-free: events carry operations' names, storage keys, counts and numbers the log
/// gives (requests, commits), never a field's value, and a record's id only with
/// `includesValues`.
///
/// Bounded: a ring of `capacity` events; each new event past it drops the oldest
/// (`droppedCount` says how many went), so its memory is `capacity` events, each a few
/// words and the names it shares with the program.
///
/// Cost: off (the default), each place that would log tests one stored optional and does
/// nothing else: no allocation, no call (CommitScaling/eventLog/off against counters/off).
/// On, an event is a clock read and a write into the ring; a commit logs one event, plus
/// one per field it notified and one per body that field reached.
@MainActor
public final class EventLog {
    /// How an environment's log is made.
    public struct Configuration: Sendable {
        /// The events kept; past it, each new event drops the oldest. At least 1.
        /// Defaults to 4,096.
        public var capacity: Int
        /// Whether events carry record ids (a notified field's record). Defaults to `false`.
        public var includesValues: Bool

        /// A log of `capacity` events, with record ids only when `includesValues`.
        public init(capacity: Int = 4_096, includesValues: Bool = false) {
            self.capacity = capacity
            self.includesValues = includesValues
        }
    }

    /// The events it keeps at most.
    public let capacity: Int
    /// Whether events carry record ids.
    public let includesValues: Bool
    /// Events dropped to keep within `capacity`, since the log was made or emptied.
    public private(set) var droppedCount = 0

    /// The events kept; once full, `oldest` is where the oldest is and the next is written.
    private var ring: [RuntimeEvent] = []
    private var oldest = 0
    private var sequence = 0
    private var requests = 0
    private let origin = ContinuousClock.now
    /// The commit in progress: when it began, and its number once its store commit made one.
    private var commitStart: Duration?
    private var commitNumber: Int?
    /// The field whose observers are being notified, while a commit notifies them.
    private var notifyingField: String?
    /// What invalidated each body not yet run again, by body name: what its run answers.
    private var invalidations: [String: (commit: Int?, field: String?)] = [:]

    /// A log as `configuration` says. A capacity under 1 is a programmer's error.
    /// - Complexity: O(capacity): the ring's room is reserved at once, so logging never grows it.
    public init(configuration: Configuration = Configuration()) {
        precondition(configuration.capacity > 0,
                     "EventLog.init(configuration:): Expected a capacity of at least 1, got \(configuration.capacity)")
        capacity = configuration.capacity
        includesValues = configuration.includesValues
        ring.reserveCapacity(configuration.capacity)
    }

    /// The events kept, oldest first. - Complexity: O(events kept).
    public var events: [RuntimeEvent] {
        Array(ring[oldest...] + ring[..<oldest])
    }

    /// The number of events kept, at most `capacity`. - Complexity: O(1).
    public var count: Int { ring.count }

    /// Forgets every event and the dropped count; requests and commits go on being numbered.
    /// - Complexity: O(events kept).
    public func removeAll() {
        ring.removeAll(keepingCapacity: true)
        oldest = 0
        sequence = 0
        droppedCount = 0
        invalidations.removeAll()
    }

    // MARK: Bodies

    /// Notes that the body `body` (a view's, a `BodyProbe`'s) must run again: call it from
    /// its observation's `onChange`, on the main actor. The log ties it to the commit and the
    /// field being notified, if any, for the body's next `runBody(_:_:)`. Body names should be
    /// unique among the bodies an app logs. - Complexity: O(1) amortized.
    public func bodyWasInvalidated(_ body: String) {
        let cause = (commit: commitNumber, field: notifyingField)
        // Bounded as the ring is: bodies invalidated and never run are forgotten.
        if invalidations.count >= capacity { invalidations.removeAll() }
        invalidations[body] = cause
        append(.bodyInvalidated(body: body, commit: cause.commit, field: cause.field))
    }

    /// Runs `run`, the body `body`, and logs the run with what invalidated it (its commit and
    /// field), if anything did since its last run. - Complexity: `run`'s, plus O(1).
    public func runBody<Value>(_ body: String, _ run: () throws -> Value) rethrows -> Value {
        let start = now
        let value = try run()
        let cause = invalidations.removeValue(forKey: body)
        append(.bodyRan(body: body, start: start, commit: cause?.commit, field: cause?.field))
        return value
    }

    // MARK: What the runtime logs

    /// Logs `kind` now. - Complexity: O(1) amortized.
    func append(_ kind: RuntimeEvent.Kind) {
        sequence += 1
        let event = RuntimeEvent(sequence: sequence, time: now, kind: kind)
        guard ring.count == capacity else {
            ring.append(event)
            return
        }
        ring[oldest] = event
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
        droppedCount += 1
    }

    /// Marks the start of a commit (`Environment.beginCommit()`).
    func beginCommit() {
        commitStart = now
    }

    /// Logs that commit `commit` notifies the observers of `key` on `record`; the bodies
    /// reached until the next call, or `notificationsEnded(commit:)`, were reached by it.
    func notifying(_ key: FieldKey, on record: Record, commit: Int) {
        let field = key.storageKey
        commitNumber = commit
        notifyingField = field
        append(.notified(commit: commit, field: field, record: includesValues ? record.id : nil))
    }

    /// The store's commit `commit` notified its last field: bodies reached from now until the
    /// commit is published were reached by something else it changed (an invalidation, a
    /// phase, a handle's facts), and name the commit alone, even when it notified no field.
    func notificationsEnded(commit: Int) {
        commitNumber = commit
        notifyingField = nil
    }

    /// Logs the commit that `changes` describes, begun at `beginCommit()`, and closes it.
    func committed(_ changes: CommitChanges, by source: CommitEvent.Source, rebased: Bool) {
        let end = now
        append(.committed(CommitEvent(
            commit: changes.epoch, source: source, rebased: rebased, start: commitStart ?? end,
            recordsWritten: changes.recordsWritten, fieldsWritten: changes.fieldsWritten,
            changedFields: changes.changedFields.count, pagesMerged: changes.stagedPages - changes.droppedPages,
            pagesDropped: changes.droppedPages)))
        commitStart = nil
        commitNumber = nil
        notifyingField = nil
    }

    /// A logger that keeps each entry in this log (`RuntimeEvent.Kind.logged`) and hands it
    /// on to `logger`, if any: how `@required(action: LOG)` misses and the image's problems
    /// reach the log. Entries carry values as `logger` says (as this log does without one).
    func routing(_ logger: RuntimeLogger?) -> RuntimeLogger {
        RuntimeLogger(includesValues: logger?.includesValues ?? includesValues) { [self] entry in
            append(.logged(entry))
            logger?.log(entry)
        }
    }

    /// Logs a request of `operation` sent. - Returns: its number in this log.
    func requestSent(_ operation: String) -> Int {
        requests += 1
        append(.requestSent(request: requests, operation: operation))
        return requests
    }

    /// Logs how request `request` of `operation` ended: payload `payload` answered, or
    /// `failure` (cancelled, or failed).
    func requestAnswered(_ request: Int, _ operation: String, payload: Int, failure: Failure? = nil) {
        switch failure {
        case nil: append(.payloadAnswered(request: request, operation: operation, payload: payload))
        case .cancelled?: append(.requestCancelled(request: request, operation: operation))
        case let failure?: append(.requestFailed(request: request, operation: operation, failure: failure.name))
        }
    }

    /// The time since the log was made.
    private var now: Duration { ContinuousClock.now - origin }
}
