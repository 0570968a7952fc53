import LatticeBench

/// The decision records as a run judged them, one row each, in the limits file's order: the
/// record, the limits that watch it, its status with its cause (`DecisionRecordJudgement.summary`, the
/// line the gate prints too) and what reopens it. BENCHMARKS.md and the dashboard show the same
/// table, so the two cannot disagree about a record.
enum DecisionRecordTable {
    /// Every record's row.
    static func table(_ decision: Decision) -> TextTable {
        var table = TextTable(headers: ["record", "title", "limits", "status", "reopen if"],
                              alignments: [.left, .left, .left, .left, .left])
        for judgement in decision.decisionRecords {
            let record = judgement.decisionRecord
            let limits = record.chainLimits.map { "\($0) (as \(judgement.shipped)'s)" } + record.limits.map(\.id)
            table.append([record.id, record.title, limits.isEmpty ? "none" : limits.joined(separator: ", "),
                          judgement.summary, record.reopenIf])
        }
        return table
    }

    /// One sentence on how a record is judged, for the table's heading.
    static let about = "Each decision record of docs/decisions, stated in the limits file's `decisions` as the "
        + "limits that watch it, written before the run: it holds when all of them pass, reopens when one fails "
        + "(its reopening line fires, and the gate fails with exit 3 naming it), and is undecided when one could "
        + "not be judged (the gate fails closed then too, as for an undecided limit of the shipped strategy). A "
        + "limit the chain already judges is read as the shipped strategy's. A record no benchmark measures is "
        + "stated with no limit and listed as not watched."
}
