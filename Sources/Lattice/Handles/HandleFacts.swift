import Foundation
import Observation

/// One handle's facts as the runtime keeps them: data presence, the fetch's activity, the
/// last answer's unplaced errors and where its parts stand, each observable on its own so a
/// body depends only on what it read.
///
/// The one channel between a handle and the runtime, and it goes one way: the request
/// executor and the environment write these facts (a request sent, shared, answered, failed
/// or cancelled; a response committed; the store emptied) and tell the handle's phase keeper
/// that they changed; the handle (`OperationHandle`) and its keeper only read them. Nothing
/// in the runtime calls the handle itself. A handle owns its facts; the root, the request it
/// follows and the stored strategy list them unretained, and the handle unlists them when it
/// detaches or goes.
@MainActor
final class HandleFacts: Observable {
    /// The operation with its variables the handle is attached to.
    let root: OperationRoot
    /// The policy it was attached with.
    let policy: FetchPolicy
    /// The strategy's part for this handle.
    let keeper: any PhaseKeeper
    /// Positions in the root's list of facts and in its request's list of followers.
    var rootPosition = -1
    var requestPosition = -1
    /// The request in flight the handle follows, shared with the other handles of its
    /// operation and variables that fetch meanwhile; set and cleared by the executor.
    var request: SharedRequest?
    /// The request of the handle's last fetch, kept once answered (or the answer in parts a
    /// handle attached without fetching joined): an answer in parts goes on after its first
    /// payload, and `OperationHandle.waitForFetch()` waits for its end.
    var lastRequest: SharedRequest?
    /// The facts as stored, read untracked by the runtime and the phase keepers.
    private(set) var storedHasData: Bool
    private(set) var storedActivity: Fetch.Activity = .idle
    private var storedUnplaced: [GraphQLError] = []
    private var storedParts: [String: IncrementalResponse.PartState] = [:]
    /// Bumped whenever a fact changes, so a keeper can tell whether it has settled the
    /// current facts already.
    private(set) var revision = 0
    private let registrar = ObservationRegistrar()

    init(root: OperationRoot, policy: FetchPolicy, hasData: Bool, keeper: any PhaseKeeper) {
        self.root = root
        self.policy = policy
        self.storedHasData = hasData
        self.keeper = keeper
    }

    // MARK: Reading (tracked)

    /// Whether the handle shows the store's data. - Complexity: O(1) plus one registrar access.
    var hasData: Bool {
        registrar.access(self, keyPath: Self.hasDataKey)
        return storedHasData
    }

    /// What the network is doing for the handle. - Complexity: O(1) plus one registrar access.
    var activity: Fetch.Activity {
        registrar.access(self, keyPath: Self.activityKey)
        return storedActivity
    }

    /// The last answer's unplaced errors, tracked apart from the activity, so a refetch does
    /// not re-run a body that depends only on these.
    var unplacedErrors: [GraphQLError] {
        registrar.access(self, keyPath: Self.unplacedKey)
        return storedUnplaced
    }

    /// Where each part of the last answer in parts stands. - Complexity: O(1) plus one
    /// registrar access.
    var parts: [String: IncrementalResponse.PartState] {
        registrar.access(self, keyPath: Self.partsKey)
        return storedParts
    }

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

    // MARK: Writing (the executor and the environment)

    /// The keeper settles the phase on the facts as they are now (a keeper that already
    /// settled them during the commit that changed them does nothing).
    func settle() {
        keeper.factsDidChange(of: self)
    }

    /// A fetch started at `date` (sent, or joined a request in flight). Does not settle.
    func fetchStarted(at date: Date) {
        setActivity(.inFlight(since: date))
    }

    /// The fetch failed (its request failed, its answer did not fit the selection, or it was
    /// cancelled): the failure stays beside whatever data is present. Does not settle.
    /// - Returns: whether a fact changed.
    @discardableResult
    func fetchFailed(_ failure: Failure, at date: Date) -> Bool {
        setActivity(.failed(failure, at: date))
    }

    /// A response of the operation with its variables was committed (another handle's, or
    /// `Environment.commit`): the store holds its data. A `networkOnly` handle waits for its
    /// own answer. Does not settle. - Returns: whether a fact changed.
    func dataWasWritten() -> Bool {
        guard policy != .networkOnly else { return false }
        return setFact(\.storedHasData, true, notifying: Self.hasDataKey)
    }

    /// The store was emptied (a sign-out) at `date`: no data until a response writes it
    /// again, and the fetch reads failed, `cancelled` (a fetch in flight was cancelled with
    /// it, an earlier failure is replaced), so the phase is `failed(.cancelled)`, not
    /// `loading` with nothing in flight; no
    /// request goes out in the name of whoever signed out, and `retry()` fetches again. A
    /// `storeOnly` handle, which never fetches by itself, reads `notInStore`. Does not settle.
    /// - Returns: whether a fact changed.
    func dataWasRemoved(at date: Date) -> Bool {
        let data = setFact(\.storedHasData, false, notifying: Self.hasDataKey)
        guard policy != .storeOnly else { return data }
        return fetchFailed(.cancelled, at: date) || data
    }

    /// The handle's own fetch was answered with `unplacedErrors` and committed: its data is
    /// present and its fetch idle. Does not settle. - Returns: whether a fact changed.
    func answerWasCommitted(unplacedErrors: [GraphQLError]) -> Bool {
        let data = setFact(\.storedHasData, true, notifying: Self.hasDataKey)
        let unplaced = setFact(\.storedUnplaced, unplacedErrors, notifying: Self.unplacedKey)
        let activity = setActivity(.idle)
        return data || unplaced || activity
    }

    /// The parts of the answer in parts stand so now: notifies the readers of `parts` when
    /// that changes. Not a fact of the phase: nothing settles.
    func partsDidChange(_ parts: [String: IncrementalResponse.PartState]) {
        guard storedParts != parts else { return }
        registrar.willSet(self, keyPath: Self.partsKey)
        storedParts = parts
        registrar.didSet(self, keyPath: Self.partsKey)
    }

    // MARK: Observation

    @discardableResult
    private func setActivity(_ value: Fetch.Activity) -> Bool {
        setFact(\.storedActivity, value, notifying: Self.activityKey)
    }

    /// Writes `value` to `fact` if it differs, bumps the revision and notifies the readers of
    /// `token`. - Returns: whether the fact changed.
    private func setFact<Value: Equatable>(_ fact: ReferenceWritableKeyPath<HandleFacts, Value>, _ value: Value,
                                           notifying token: KeyPath<HandleFacts, Int>) -> Bool {
        guard self[keyPath: fact] != value else { return false }
        revision += 1
        registrar.willSet(self, keyPath: token)
        self[keyPath: fact] = value
        registrar.didSet(self, keyPath: token)
        return true
    }

    /// Observation tokens: each fact is registered under its own key path, built once.
    nonisolated var hasDataToken: Int { 0 }
    nonisolated var activityToken: Int { 1 }
    nonisolated var unplacedToken: Int { 2 }
    nonisolated var partsToken: Int { 3 }
    private static let hasDataKey: KeyPath<HandleFacts, Int> = \.hasDataToken
    private static let activityKey: KeyPath<HandleFacts, Int> = \.activityToken
    private static let unplacedKey: KeyPath<HandleFacts, Int> = \.unplacedToken
    private static let partsKey: KeyPath<HandleFacts, Int> = \.partsToken
}
