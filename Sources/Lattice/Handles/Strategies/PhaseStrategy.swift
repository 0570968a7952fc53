/// How an environment keeps its handles' phases. The observable phase is the same under
/// all three; what differs is what a commit does and what a body that reads the phase
/// depends on. docs/environment-api.md (`strategy`) and docs/decisions/0002 describe them;
/// each is built in one file of `Handles/Strategies/`.
public enum PhaseStrategy: String, Hashable, Sendable, CaseIterable {
    /// The phase is stored on the handle and settled after each commit that may change a
    /// verdict: every retained handle re-walks its own selection (the baseline, as built).
    case stored
    /// No phase is stored: the getter derives it, walking the verdict through tracked reads
    /// inside the reading body's own tracking scope (decision record 0001).
    case derived
    /// The verdict is settled at the commit, only for roots whose last verdict read a field
    /// the commit changed, and kept as one tracked value; the phase is derived from it.
    case rootVerdict

    /// The strategy the release ships, and the default of `Environment.init`.
    ///
    /// The one place it is written. The lab decides it: a full run of `scripts/bench.sh`
    /// weighs the strategies in the records' order (docs/decisions/0002) and writes the one that
    /// ships into `spec/limits.json` under `"ships"`, and the lab's gate fails while this
    /// constant says otherwise. `rootVerdict`: `derived`'s tracked phase read on the largest
    /// `@throwOnFieldError` operation is far beyond its 50 µs limit, and `rootVerdict` passes
    /// every limit of its own, the commit-cost limits included: a commit that touches none of
    /// 10,000 retained handles walks none of them and costs what it costs at 10, where
    /// `stored` walks every one (BENCHMARKS.md).
    public static let shipped: PhaseStrategy = .rootVerdict

    /// Whether the store must classify verdict-relevant changes for this strategy (only the
    /// stored strategy reads them; the others pay nothing for them).
    var notesVerdictChanges: Bool {
        switch self {
        case .stored: StoredPhase.notesVerdictChanges
        case .derived: DerivedPhase.notesVerdictChanges
        case .rootVerdict: RootVerdictPhase.notesVerdictChanges
        }
    }

    /// The strategy's environment-wide part. The strategies that keep a phase (stored) or a
    /// verdict (rootVerdict) log its changes in `eventLog`; the derived one keeps nothing to
    /// change (a body's read computes its phase).
    @MainActor
    func make(counters: RuntimeCounters?, eventLog: EventLog?) -> any PhaseCoordinator {
        switch self {
        case .stored: StoredPhase(counters: counters, eventLog: eventLog)
        case .derived: DerivedPhase(counters: counters)
        case .rootVerdict: RootVerdictPhase(counters: counters, eventLog: eventLog)
        }
    }
}

/// A phase strategy's environment-wide part, which coordinates the handles' keepers: it
/// makes each handle's keeper and hears every commit.
@MainActor
protocol PhaseCoordinator: AnyObject {
    /// Whether the strategy reads `CommitChanges.verdictChanges`.
    nonisolated static var notesVerdictChanges: Bool { get }
    /// The keeper for a new handle of `root`.
    func keeper(for root: OperationRoot) -> any PhaseKeeper
    /// A commit was published; its notifications have been sent.
    func didCommit(_ changes: CommitChanges)
}

/// A phase strategy's part for one handle (or shared by several: each call names the
/// handle).
@MainActor
protocol PhaseKeeper: AnyObject {
    /// The handle is made, listed and its facts are set (its fetch started, if its policy
    /// fetches): the one settle of its first facts.
    func attach(_ facts: HandleFacts)
    /// The handle's phase, as a body (or any caller) reads it.
    func phase(of facts: HandleFacts) -> Phase
    /// The handle's stored facts (data presence, fetch, unplaced errors) changed; after a
    /// commit, called once the strategy has heard it (`didCommit`).
    func factsDidChange(of facts: HandleFacts)
    /// The handle is detached: stop keeping its phase.
    func detach(_ facts: HandleFacts)
}
