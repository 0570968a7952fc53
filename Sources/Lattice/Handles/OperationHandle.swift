import Foundation
import Observation

/// What an app holds for one attached operation with its variables: whether its data is
/// present, its fetch, and its phase. Made by `Environment.attach`; retains the operation's
/// records until it is detached or released.
///
/// Stored facts, each observable on its own so a body depends only on what it read:
/// `hasData` (at attach, or since a response of its operation was committed), the fetch's
/// activity and the last response's unplaced errors (together, `fetch`). The phase comes
/// from the environment's `PhaseStrategy`; it is the same under all three.
///
/// A handle is an identity: `Identifiable` by its `ObjectIdentifier`, and equal and hashed by
/// identity, so two handles of the same operation and variables are different handles.
@MainActor
public final class OperationHandle: Observable, Identifiable, Hashable {
    /// The operation attached.
    public var operation: Artifact { root.artifact }
    /// Its variables, defaults applied.
    public var variables: [String: JSONValue] { root.bound.variables }
    /// The policy it was attached with; `revalidate()` never refetches a `storeOnly` handle.
    public let policy: FetchPolicy
    /// Whether the handle is still attached (`detach()` has not been called). Untracked.
    public private(set) var isAttached = true

    let root: OperationRoot
    let keeper: any PhaseKeeper
    /// Positions in the environment's list, in the root's list of handles and in the list of
    /// its request's waiting handles.
    var environmentPosition = -1
    var rootPosition = -1
    var requestPosition = -1
    private let environment: Environment
    private let registrar = ObservationRegistrar()
    /// The facts as stored, read untracked by the environment and the phase keepers.
    private(set) var storedHasData: Bool
    private var storedActivity: Fetch.Activity = .idle
    private var storedUnplaced: [GraphQLError] = []
    private var storedParts: [String: IncrementalResponse.PartState] = [:]
    /// Bumped whenever a fact changes, so a keeper can tell whether it has settled the
    /// current facts already.
    private(set) var factsRevision = 0
    private var task: Task<Void, Never>?
    /// The request in flight the handle waits for, shared with the other handles of its
    /// operation and variables that fetch meanwhile.
    private var request: InFlightRequest?
    /// Bumped by every fetch start and by detaching, so a superseded answer is ignored.
    private var generation = 0

    init(environment: Environment, root: OperationRoot, policy: FetchPolicy, hasData: Bool,
         keeper: any PhaseKeeper) {
        self.environment = environment
        self.root = root
        self.policy = policy
        self.storedHasData = hasData
        self.keeper = keeper
    }

    isolated deinit {
        release()
    }

    // MARK: Facts

    /// Whether the handle shows the store's data: at attach, as its policy allows, and from
    /// the commit of a response of its operation with its variables (its own, another
    /// handle's, or `Environment.commit`; a `networkOnly` handle waits for its own). Tracked.
    /// - Complexity: O(1) plus one registrar access.
    public var hasData: Bool {
        registrar.access(self, keyPath: Self.hasDataKey)
        return storedHasData
    }

    /// The handle's network activity and the errors of its last response that no field
    /// holds. Tracked: reading it depends on both.
    public var fetch: Fetch {
        Fetch(activity: activity, unplacedErrors: unplacedErrors)
    }

    /// What the network is doing for this handle. Tracked on its own.
    var activity: Fetch.Activity {
        registrar.access(self, keyPath: Self.activityKey)
        return storedActivity
    }

    /// The last response's unplaced errors. Tracked on its own, apart from the activity, so
    /// a refetch does not re-run a body that depends only on these.
    var unplacedErrors: [GraphQLError] {
        registrar.access(self, keyPath: Self.unplacedKey)
        return storedUnplaced
    }

    /// Where each deferred fragment and stream of the last answer stands (`@defer`,
    /// `@stream`), by label, or by path when it has none: `.pending` until its part lands (a
    /// view shows its placeholder; the phase is ready with what arrived, and this is neither
    /// a failure nor loading), then `.arrived`, or `.failed` with its errors or the dropped
    /// connection (what arrived stays). Empty for an answer in one piece. Tracked on its own.
    /// - Complexity: O(1) plus one registrar access.
    public var parts: [String: IncrementalResponse.PartState] {
        registrar.access(self, keyPath: Self.partsKey)
        return storedParts
    }

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
        environment.trackedAvailability(of: root)
    }

    /// The phase: ready while data is present unless the verdict fails it; without data,
    /// what the fetch says. Its cost and what a reading body depends on are the strategy's.
    public var phase: Phase { keeper.phase(of: self) }

    /// Data is present and a fetch is in flight behind it.
    public var isRefreshing: Bool { hasData && activity.isInFlight }

    /// The phase from the facts, read tracked; `verdict` is asked only when data is present,
    /// and the fetch is read only when it is not. Every strategy's phase goes through here.
    func resolvePhase(verdict: () -> Verdict) -> Phase {
        if hasData {
            let failure = verdict().failure(of: root.artifact) { unplacedErrors }
            return failure.map(Phase.failed) ?? .ready(root.lens)
        }
        switch activity {
        case .inFlight: return .loading
        case .failed(let failure, _): return .failed(failure)
        case .idle:
            return policy == .storeOnly ? .failed(.notInStore(operation: root.artifact.name)) : .loading
        }
    }

    // MARK: Actions

    /// Fetches the operation again, whatever the policy; its fetch in flight is replaced, and
    /// a request of its operation and variables another handle has in flight is shared
    /// instead of sent again.
    /// With data present the phase stays as the data makes it (`isRefreshing` meanwhile).
    /// - Returns: the fetch's task, which ends when its answer is committed or has failed.
    @discardableResult
    public func refetch() -> Task<Void, Never> {
        precondition(isAttached, "OperationHandle.refetch(): the handle of \(root.artifact.name) is detached")
        return startFetch()
    }

    /// Fetches again if the last fetch failed; with data behind the failure the phase never
    /// passes through `loading`. - Returns: the fetch's task, or `nil` if nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        guard isAttached, storedActivity.isFailed else { return nil }
        return startFetch()
    }

    /// Marks the operation's data stale (so `Environment.check` answers `stale` until it is
    /// written again, and `revalidate()` refetches its other handles) and refetches this
    /// handle unless its policy is `storeOnly`.
    /// - Returns: the fetch's task, if one started.
    @discardableResult
    public func invalidate() -> Task<Void, Never>? {
        environment.invalidate(root.key)
        guard isAttached, policy != .storeOnly else { return nil }
        return startFetch()
    }

    /// Stops the handle: a fetch in flight is cancelled (the fetch reads failed, cancelled),
    /// the phase is no longer kept, and the operation's records are released once no handle
    /// retains them. Releasing the handle does the same.
    public func detach() {
        guard isAttached else { return }
        let wasInFlight = storedActivity.isInFlight
        release()
        if wasInFlight { setActivity(.failed(.cancelled, at: environment.now)) }
    }

    /// Returns once no fetch of this handle is in flight.
    public func waitForFetch() async {
        while let current = task {
            await current.value
        }
    }

    // MARK: Fetching

    /// Starts a fetch, replacing one in flight, and settles the phase on the new facts.
    @discardableResult
    func startFetch() -> Task<Void, Never> {
        let task = beginFetch()
        keeper.factsDidChange(of: self)
        return task
    }

    /// Starts a fetch, replacing one in flight, without settling the phase: for `attach`,
    /// whose keeper settles once when it attaches the handle. The fetch waits for the
    /// request of its operation and variables in flight, if another handle's is (identical
    /// requests are shared), else sends one (`Environment.request(for:)`).
    @discardableResult
    func beginFetch() -> Task<Void, Never> {
        generation += 1
        let current = generation
        task?.cancel()
        leaveRequest()
        setActivity(.inFlight(since: environment.now))
        let request = environment.request(for: self)
        self.request = request
        let task = Task { [weak self] in
            await request.completion()
            guard let self, self.generation == current else { return }
            self.task = nil
        }
        self.task = task
        return task
    }

    /// Whether the handle waits for `request`. - Complexity: O(1).
    func isWaiting(for request: InFlightRequest) -> Bool {
        self.request === request
    }

    /// The request the handle waited for was answered (committed, or failed), and the
    /// environment took the handle off its list: it waits no more.
    func requestWasAnswered() {
        request = nil
    }

    /// The request the handle waited for failed, or its answer did not fit the selection:
    /// the failure stays beside whatever data is present; settles once.
    func requestFailed(_ failure: Failure) {
        if setActivity(.failed(failure, at: environment.now)) { keeper.factsDidChange(of: self) }
    }

    /// Stops waiting for the request in flight, which is cancelled if no handle waits for it.
    private func leaveRequest() {
        guard let request else { return }
        self.request = nil
        environment.leave(request, self)
    }

    // MARK: Facts set by a commit

    /// Another response of the handle's operation with its variables was committed (another
    /// handle's, or `Environment.commit`): the store now holds its data. A `networkOnly`
    /// handle waits for its own answer. Does not settle the phase: the environment does,
    /// after the commit is published. - Returns: whether a fact changed.
    func dataWasWritten() -> Bool {
        guard policy != .networkOnly else { return false }
        return setHasData(true)
    }

    /// The store was emptied (`Environment.removeAll()`): the handle holds no data until a
    /// response writes it again. Does not settle the phase. - Returns: whether a fact changed.
    func dataWasRemoved() -> Bool {
        setHasData(false)
    }

    /// The handle's own fetch was answered with `unplacedErrors` and committed: its data is
    /// present and its fetch idle. Does not settle the phase: the environment does, after the
    /// commit is published. - Returns: whether a fact changed.
    func answerWasCommitted(unplacedErrors: [GraphQLError]) -> Bool {
        let data = setHasData(true)
        let unplaced = setUnplaced(unplacedErrors)
        let activity = setActivity(.idle)
        return data || unplaced || activity
    }

    /// The parts of the answer in parts the handle shows now stand so: notifies the readers of
    /// `parts` when that changes. Not a fact of the phase: nothing settles.
    func partsDidChange(_ parts: [String: IncrementalResponse.PartState]) {
        guard storedParts != parts else { return }
        registrar.willSet(self, keyPath: Self.partsKey)
        storedParts = parts
        registrar.didSet(self, keyPath: Self.partsKey)
    }

    /// Detaches without touching observable state (also what `deinit` does).
    private func release() {
        guard isAttached else { return }
        isAttached = false
        generation += 1
        task?.cancel()
        task = nil
        leaveRequest()
        keeper.detach(self)
        environment.detach(self)
    }

    // MARK: Observation

    /// Writes `value` to `fact` if it differs, bumps the revision and notifies the readers of
    /// `token`; does not settle the phase. - Returns: whether the fact changed.
    @discardableResult
    private func setFact<Value: Equatable>(_ fact: ReferenceWritableKeyPath<OperationHandle, Value>, _ value: Value,
                                           notifying token: KeyPath<OperationHandle, Int>) -> Bool {
        guard self[keyPath: fact] != value else { return false }
        factsRevision += 1
        registrar.willSet(self, keyPath: token)
        self[keyPath: fact] = value
        registrar.didSet(self, keyPath: token)
        return true
    }

    private func setHasData(_ value: Bool) -> Bool {
        setFact(\.storedHasData, value, notifying: Self.hasDataKey)
    }

    @discardableResult
    private func setActivity(_ value: Fetch.Activity) -> Bool {
        setFact(\.storedActivity, value, notifying: Self.activityKey)
    }

    private func setUnplaced(_ value: [GraphQLError]) -> Bool {
        setFact(\.storedUnplaced, value, notifying: Self.unplacedKey)
    }

    /// Observation tokens: each fact is registered under its own key path, built once.
    nonisolated var hasDataToken: Int { 0 }
    nonisolated var activityToken: Int { 1 }
    nonisolated var unplacedToken: Int { 2 }
    nonisolated var partsToken: Int { 3 }
    private static let hasDataKey: KeyPath<OperationHandle, Int> = \.hasDataToken
    private static let activityKey: KeyPath<OperationHandle, Int> = \.activityToken
    private static let unplacedKey: KeyPath<OperationHandle, Int> = \.unplacedToken
    private static let partsKey: KeyPath<OperationHandle, Int> = \.partsToken
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
