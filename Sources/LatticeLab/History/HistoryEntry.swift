import Foundation

/// One full run in the dashboard's history: which commit, when (the results' own start
/// time, never the time of the report), what it decided, and its key figures.
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
    /// Key figures by name: `<limit id>/<strategy>` for each limit's statistic,
    /// `crossoverFields` for where `derived` crosses the read limit, and
    /// `commit/<handles>/<strategy>` for the commit at the most handles measured.
    var figures: [String: Double]

    /// Creates an entry.
    init(commit: String?, dirty: Bool, date: Date, decision: String, figures: [String: Double]) {
        self.commit = commit
        self.dirty = dirty
        self.date = date
        self.decision = decision
        self.figures = figures
    }

    /// Whether `other` records the same run (same commit and start time).
    func isSameRun(as other: HistoryEntry) -> Bool {
        commit == other.commit && date == other.date
    }
}
