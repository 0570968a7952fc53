/// The decision record's strategy: no phase is stored. The getter reads data presence and,
/// with data, walks the verdict through tracked reads inside the reader's own tracking scope
/// (plus the unplaced errors); without data, the fetch. A commit does nothing here: the
/// bodies that read the phase depend on exactly what the getter read, through the same
/// channels as any lens read, so a refetch behind data re-runs none of them.
///
/// Costs: a read walks the operation's own selection (O(fields), one registrar access each);
/// a commit costs nothing beyond its notifications.
@MainActor
final class DerivedPhase: PhaseCoordinator, PhaseKeeper {
    nonisolated static let notesVerdictChanges = false

    private let counters: RuntimeCounters?

    init(counters: RuntimeCounters?) {
        self.counters = counters
    }

    /// One keeper serves every handle: there is no per-handle state.
    func keeper(for root: OperationRoot) -> any PhaseKeeper { self }

    func didCommit(_ changes: CommitChanges) {}

    func attach(_ facts: HandleFacts) {}

    /// - Complexity: O(fields of the own selection) when data is present and the operation
    ///   has `@throwOnFieldError` or a root that can bubble; O(1) otherwise.
    func phase(of facts: HandleFacts) -> Phase {
        let root = facts.root
        return facts.resolvePhase {
            VerdictReads.tracked(root.bound, root: root.record, counters: counters)
        }
    }

    func factsDidChange(of facts: HandleFacts) {}

    func detach(_ facts: HandleFacts) {}
}
