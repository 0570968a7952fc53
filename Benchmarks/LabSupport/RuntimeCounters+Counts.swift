import Lattice

extension RuntimeCounters.Snapshot {
    /// The counts as a benchmark reports them (cumulative; the harness divides by the
    /// operations between two reads), named as the runtime names them.
    public var counts: [String: Int] {
        ["commits": commits, "notifications": notifications, "reevaluateCalls": reevaluateCalls,
         "handlesWalked": handlesWalked, "fieldsWalkedTracked": fieldsWalkedTracked,
         "fieldsWalkedUntracked": fieldsWalkedUntracked, "phasesSettled": phasesSettled,
         "phasesChanged": phasesChanged, "rootVerdictsChanged": rootVerdictsChanged]
    }
}
