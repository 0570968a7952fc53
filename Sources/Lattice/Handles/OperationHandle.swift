import Foundation
import Observation

/// What an app holds for one attached operation with its variables: whether its data is
/// present, its fetch, and its phase. Made by `Environment.attach`; retains the operation's
/// records until it is detached or released.
///
/// Its facts, each observable on its own so a body depends only on what it read: `hasData`
/// (at attach, or since a response of its operation was committed), the fetch's activity
/// and the last response's unplaced errors (together, `fetch`), and the parts of an answer
/// in parts. The runtime writes them (`HandleFacts`); the handle only asks the environment's
/// request executor to fetch or stop, and reads. The phase comes from the environment's
/// `PhaseStrategy`; it is the same under all three.
///
/// A handle is an identity: `Identifiable` by its `ObjectIdentifier`, and equal and hashed by
/// identity, so two handles of the same operation and variables are different handles.
@MainActor
public final class OperationHandle: Observable, Identifiable, Hashable {
    /// The operation attached.
    public var operation: Artifact { facts.root.artifact }
    /// Its variables, defaults applied.
    public var variables: [String: JSONValue] { facts.root.bound.variables }
    /// The policy it was attached with; `revalidate()` never refetches a `storeOnly` handle.
    public var policy: FetchPolicy { facts.policy }
    /// Whether the handle is still attached (`detach()` has not been called). Untracked.
    public private(set) var isAttached = true

    /// What the runtime writes and the handle reads: data presence, fetch, parts.
    let facts: HandleFacts
    /// The facts' keeper, held here too so that a phase read loads it from the handle itself
    /// (through `facts` it cost PhaseRead's untracked read two more retains and releases).
    private let keeper: any PhaseKeeper
    /// The handle's position in the environment's list.
    var environmentPosition = -1
    private let environment: Environment

    init(environment: Environment, facts: HandleFacts) {
        self.environment = environment
        self.facts = facts
        keeper = facts.keeper
    }

    isolated deinit {
        release()
    }

    // MARK: Facts

    /// Whether the handle shows the store's data: at attach, as its policy allows, and from
    /// the commit of a response of its operation with its variables (its own, another
    /// handle's, or `Environment.commit`; a `networkOnly` handle waits for its own). Tracked.
    /// - Complexity: O(1) plus one registrar access.
    public var hasData: Bool { facts.hasData }

    /// The handle's network activity and the errors of its last response that no field
    /// holds. Tracked: reading it depends on both, each on its own (a refetch does not re-run
    /// a body that depends only on the unplaced errors).
    public var fetch: Fetch {
        Fetch(activity: facts.activity, unplacedErrors: facts.unplacedErrors)
    }

    /// Where each deferred fragment and stream of the last answer stands (`@defer`,
    /// `@stream`), by label, or by path when it has none: `.pending` until its part lands (a
    /// view shows its placeholder; the phase is ready with what arrived, and this is neither
    /// a failure nor loading), then `.arrived`, or `.failed` with its errors or the dropped
    /// connection (what arrived stays). Empty for an answer in one piece. Tracked on its own.
    /// - Complexity: O(1) plus one registrar access.
    public var parts: [String: IncrementalResponse.PartState] { facts.parts }

    /// The state of the part labelled `label`, `nil` when the last answer announced none.
    /// Tracked, as `parts`.
    public func part(_ label: String) -> IncrementalResponse.PartState? {
        parts[label]
    }

    /// Whether the store holds the operation with its variables: available, missing or stale,
    /// as `Environment.check` answers, recomputed on every read. Tracked: a body that reads it
    /// re-runs when
    /// - a response writes the operation with its variables (this handle's, another's, or
    ///   `Environment.commit`);
    /// - the operation is invalidated (`invalidate()` on any of its handles), a record it
    ///   reaches is invalidated (`Environment.invalidate(_:)`), or the whole store is
    ///   (`Environment.invalidateStore()`);
    /// - while missing, the field the check stopped at is written (another operation's
    ///   response or a local update filling it), or its record is deleted (then null).
    ///
    /// Not notified, and seen at the next read: data that goes missing through a commit that
    /// is not the operation's own (a link moved to a record without the fields),
    /// since telling would mean depending on every field the check reads, re-running the body
    /// at every change of a value it shows, or walking every handle at every commit; and
    /// `@expires` staleness, which arrives with time: no timer fires for it, by design
    /// (docs/environment-api.md), and `Environment.revalidate()` is the one call that acts on it.
    /// - Complexity: O(fields of the operation, spreads included) plus one registrar access
    ///   per record reached, and two more.
    public var availability: OperationAvailability {
        environment.trackedAvailability(of: facts.root)
    }

    /// The phase: ready while data is present unless the verdict fails it; without data,
    /// what the fetch says. Its cost and what a reading body depends on are the strategy's.
    public var phase: Phase { keeper.phase(of: facts) }

    /// Data is present and a fetch is in flight behind it.
    public var isRefreshing: Bool { facts.hasData && facts.activity.isInFlight }

    // MARK: Actions

    /// Fetches the operation again, whatever the policy; its fetch in flight is replaced, and
    /// a request of its operation and variables another handle has in flight is shared
    /// instead of sent again.
    /// With data present the phase stays as the data makes it (`isRefreshing` meanwhile).
    /// - Returns: the fetch's task, which ends when its answer is committed or has failed.
    @discardableResult
    public func refetch() -> Task<Void, Never> {
        precondition(isAttached, "OperationHandle.refetch(): the handle of \(operation.name) is detached")
        return startFetch()
    }

    /// Fetches again if the last fetch failed; with data behind the failure the phase never
    /// passes through `loading`. - Returns: the fetch's task, or `nil` if nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        guard isAttached, facts.storedActivity.isFailed else { return nil }
        return startFetch()
    }

    /// Marks the operation's data stale (so `Environment.check` answers `stale` until it is
    /// written again, and `revalidate()` refetches its other handles) and refetches this
    /// handle unless its policy is `storeOnly`.
    /// - Returns: the fetch's task, if one started.
    @discardableResult
    public func invalidate() -> Task<Void, Never>? {
        environment.invalidate(facts.root.key)
        guard isAttached, policy != .storeOnly else { return nil }
        return startFetch()
    }

    /// Stops the handle: a fetch in flight is cancelled (the fetch reads failed, cancelled),
    /// the phase is no longer kept, and the operation's records are released once no handle
    /// retains them. Releasing the handle does the same.
    public func detach() {
        guard isAttached else { return }
        environment.executor.cancel(for: facts)
        release()
    }

    /// Returns once no fetch of this handle is in flight: the request of its last fetch has
    /// been answered (its last part taken), has failed or was left, and no other fetch
    /// started meanwhile.
    public func waitForFetch() async {
        var awaited: SharedRequest?
        while let request = facts.lastRequest, request !== awaited {
            await request.completion()
            awaited = request
        }
    }

    /// Asks the environment for a fetch (the request executor sends one, or shares the one in
    /// flight) and settles the phase on the new facts.
    /// - Returns: a task that ends when the request it follows is answered, or left.
    private func startFetch() -> Task<Void, Never> {
        let request = environment.startFetch(facts)
        return Task { await request.completion() }
    }

    /// Detaches without touching observable state (also what `deinit` does).
    private func release() {
        guard isAttached else { return }
        isAttached = false
        environment.detach(self)
    }
}

extension OperationHandle {
    /// The handle's identity, for `ForEach` and lists. - Complexity: O(1).
    public nonisolated var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// Whether `lhs` and `rhs` are the same handle. - Complexity: O(1).
    public nonisolated static func == (lhs: OperationHandle, rhs: OperationHandle) -> Bool {
        lhs === rhs
    }

    /// Hashes the handle's identity. - Complexity: O(1).
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
