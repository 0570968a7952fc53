import Observation

/// The runtime as the decision record says it is built today, faithful in its cost: it is
/// the baseline the lab measures against.
///
/// The phase is a stored, observable value on each handle. The store notes verdict-relevant
/// changes (`Store.Configuration.notesVerdictChanges`: nulls, moved links, changed link
/// lists, changed field errors, deletions, changed record types); a commit that noted any
/// calls `reevaluate()`, which calls every retained handle; each handle of an operation
/// whose verdict can fail walks its own selection untracked, whether or not the commit
/// touched its data, and settles the phase, writing it only when it differs. A change of the handle's facts (attach, a fetch
/// starting, its answer or its failure) settles it once: a keeper that already settled the
/// current facts during the commit that changed them does not settle again.
///
/// Costs: a read is O(1); a verdict-relevant commit is O(retained handles × own selection).
@MainActor
final class StoredPhase: PhaseCoordinator {
    nonisolated static let notesVerdictChanges = true

    private let counters: RuntimeCounters?
    private let eventLog: EventLog?
    private var keepers = UnretainedList<Keeper>(position: \.listPosition)

    init(counters: RuntimeCounters?, eventLog: EventLog?) {
        self.counters = counters
        self.eventLog = eventLog
    }

    func keeper(for root: OperationRoot) -> any PhaseKeeper {
        Keeper(strategy: self, root: root, counters: counters, eventLog: eventLog)
    }

    func didCommit(_ changes: CommitChanges) {
        guard changes.hasVerdictRelevantChanges else { return }
        reevaluate()
    }

    /// Calls every retained handle; each one whose verdict can fail re-walks and settles.
    /// - Complexity: O(retained handles × fields of their own selections).
    func reevaluate() {
        counters?.total.reevaluateCalls += 1
        var index = 0
        while index < keepers.count {
            keepers[index].reevaluate()
            index += 1
        }
    }

    fileprivate func list(_ keeper: Keeper) { keepers.append(keeper) }
    fileprivate func unlist(_ keeper: Keeper) { keepers.remove(keeper) }

    /// One handle's stored phase.
    final class Keeper: PhaseKeeper, Observable {
        var listPosition = -1
        private unowned let strategy: StoredPhase
        private let root: OperationRoot
        private let counters: RuntimeCounters?
        private let eventLog: EventLog?
        private unowned(unsafe) var facts: HandleFacts?
        private var stored: Phase = .loading
        /// The facts' `revision` at the last settle.
        private var settledRevision = -1
        private let registrar = ObservationRegistrar()

        init(strategy: StoredPhase, root: OperationRoot, counters: RuntimeCounters?, eventLog: EventLog?) {
            self.strategy = strategy
            self.root = root
            self.counters = counters
            self.eventLog = eventLog
        }

        func attach(_ facts: HandleFacts) {
            self.facts = facts
            strategy.list(self)
            settle(facts)
        }

        /// The stored phase. - Complexity: O(1) plus one registrar access.
        func phase(of facts: HandleFacts) -> Phase {
            registrar.access(self, keyPath: Self.phaseKey)
            return stored
        }

        /// Settles unless the last settle already saw these facts (the commit that changed
        /// them reevaluated this keeper).
        func factsDidChange(of facts: HandleFacts) {
            guard settledRevision != facts.revision else { return }
            settle(facts)
        }

        func detach(_ facts: HandleFacts) {
            strategy.unlist(self)
            self.facts = nil
        }

        /// The handle's `reevaluate()`: only an operation whose verdict can fail re-walks.
        fileprivate func reevaluate() {
            guard let facts, root.artifact.needsVerdictWalk else { return }
            settle(facts)
        }

        /// Computes the phase (walking the verdict untracked) and writes it if it differs.
        private func settle(_ facts: HandleFacts) {
            counters?.total.phasesSettled += 1
            settledRevision = facts.revision
            let phase = facts.resolvePhase {
                VerdictReads.untracked(root.bound, root: root.record, counters: counters)
            }
            guard phase != stored else { return }
            counters?.total.phasesChanged += 1
            eventLog?.append(.phaseChanged(operation: root.artifact.name, phase: phase.name))
            registrar.willSet(self, keyPath: Self.phaseKey)
            stored = phase
            registrar.didSet(self, keyPath: Self.phaseKey)
        }

        nonisolated var phaseToken: Int { 0 }
        private static let phaseKey: KeyPath<Keeper, Int> = \.phaseToken
    }
}
