import Lattice
import Observation
import Synchronization

/// Runs a closure the way SwiftUI runs a view body, and counts how often it runs.
///
/// The body runs under `withObservationTracking` when the probe is made. A change to anything
/// it read marks the probe dirty, once: like SwiftUI, the tracking is one-shot, so further
/// changes before the body runs again change nothing. `flush()` re-runs a dirty body, which
/// re-arms the tracking with what that run read. Use it to assert how many bodies a commit
/// re-runs: make probes, commit, `flush()`, read `reruns`.
///
/// Named and given an environment's `EventLog`, it tells the log as a view would: each
/// invalidation (`EventLog.bodyWasInvalidated`, with the commit and field that caused it) and
/// each run (`EventLog.runBody`), so a trace draws the commit that re-ran it.
@MainActor
public final class BodyProbe<Value> {
    /// How many times the body has run, the first run (at `init`) included.
    public private(set) var runs = 0

    /// How many times the body has re-run since the first run: `runs - 1`, what a change
    /// made a view do. - Complexity: O(1).
    public var reruns: Int { runs - 1 }
    /// What the last run returned.
    public private(set) var value: Value

    private let body: @MainActor () -> Value
    private let dirty: DirtyFlag
    private let logged: LoggedBody?

    /// Runs `body` once, tracked.
    public init(_ body: @escaping @MainActor () -> Value) {
        let dirty = DirtyFlag()
        self.body = body
        self.dirty = dirty
        self.logged = nil
        self.value = Self.track(body, dirty: dirty, logged: nil)
        self.runs = 1
    }

    /// Runs `body` once, tracked, as the body `name` of `log` (none without a log): its
    /// invalidations and runs are logged. - Complexity: as `init(_:)`, plus an event a run
    /// and an invalidation.
    public init(_ name: String, log: EventLog?, _ body: @escaping @MainActor () -> Value) {
        let dirty = DirtyFlag()
        let logged = log.map { LoggedBody(name: name, log: $0) }
        self.body = body
        self.dirty = dirty
        self.logged = logged
        self.value = Self.track(body, dirty: dirty, logged: logged)
        self.runs = 1
    }

    /// Whether something the last run read has changed since it ran.
    public var isDirty: Bool { dirty.isSet }

    /// Re-runs the body if it is dirty; returns whether it ran.
    @discardableResult
    public func flush() -> Bool {
        guard dirty.isSet else { return false }
        value = Self.track(body, dirty: dirty, logged: logged)
        runs += 1
        return true
    }

    private static func track(_ body: @MainActor () -> Value, dirty: DirtyFlag, logged: LoggedBody?) -> Value {
        dirty.clear()
        guard let logged else { return withObservationTracking(body, onChange: dirty.set) }
        return logged.log.runBody(logged.name) {
            withObservationTracking(body, onChange: {
                dirty.set()
                // Store writes happen on the main actor, and Observation calls `onChange` in
                // the write's `willSet`: the log learns which commit and field reached it.
                MainActor.assumeIsolated { logged.log.bodyWasInvalidated(logged.name) }
            })
        }
    }
}

/// A probe's name in the event log it tells.
private struct LoggedBody: Sendable {
    let name: String
    let log: EventLog
}

/// The probe's dirty bit. Observation calls `onChange` on the thread that mutates, so the bit
/// is atomic rather than main-actor state.
private final class DirtyFlag: Sendable {
    private let bit = Atomic(false)

    var isSet: Bool { bit.load(ordering: .acquiring) }
    @Sendable func set() { bit.store(true, ordering: .releasing) }
    func clear() { bit.store(false, ordering: .releasing) }
}
