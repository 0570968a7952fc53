import Foundation

/// One full run in the dashboard's history: which commit, when (the results' own start
/// time, never the time of the report), what it decided, and its key figures, the times also
/// in paces. Entries from before paces were recorded read as before, without them.
struct HistoryEntry: Codable, Equatable, Sendable {
    /// The commit measured; nil when unknown.
    var commit: String?
    /// Whether the working tree had changes.
    var dirty: Bool
    /// When the run started (`ResultsFile.createdAt`).
    var date: Date
    /// What the run decided (`Decision.decidedStrategy`, `Findings.historyEntry()`): the
    /// strategy that ships followed by `Ships` (`derivedShips`, `rootVerdictShips`,
    /// `storedShips` for spec/'s chain), or `undecided`.
    var decision: String
    /// Key figures by name: `<limit id>/<strategy>` for each limit of the chain's statistic,
    /// `<limit id>` for a decision record's own limit (`<limit id>/<benchmark>` when it selects
    /// several), `crossoverFields` for where `derived` crosses the read limit, and
    /// `commit/<handles>/<strategy>` for the commit at the most handles measured.
    var figures: [String: Double]
    /// The run's reference pace, nanoseconds (`ResultsFile.referencePace`); nil for entries
    /// recorded before paces were (their times cannot be converted) or a run without a pace.
    var referencePace: Double?
    /// The time figures of `figures` in paces (`PaceFigure`), by the same names: what the
    /// history's charts draw, since a change of machine moves the times but not these. Nil
    /// in entries recorded before paces were.
    var paces: [String: Double]?

    /// Creates an entry.
    init(commit: String?, dirty: Bool, date: Date, decision: String, figures: [String: Double],
         referencePace: Double? = nil, paces: [String: Double]? = nil) {
        self.commit = commit
        self.dirty = dirty
        self.date = date
        self.decision = decision
        self.figures = figures
        self.referencePace = referencePace
        self.paces = paces
    }

    /// Whether `other` records the same run (same commit and start time).
    func isSameRun(as other: HistoryEntry) -> Bool {
        commit == other.commit && date == other.date
    }
}
