/// What a count that grew gained (`ResultsComparison.Row.addedEvents`), as `lattice compare`
/// and the baseline check print it: a heading naming the count and its move, then one line per
/// event the baseline lacks, each naming the commit, the field and the body behind an extra
/// (`commit 4 (local update) → `Issue.title` → phase`).
public enum AddedEventsText {
    /// Whether `row` has events to print: a regression whose candidate has events the
    /// baseline's lack.
    public static func applies(to row: ResultsComparison.Row) -> Bool {
        !row.addedEvents.isEmpty && row.comparison.outcome == .regression
    }

    /// `BodyReruns/derived/Dashboard/verdictValue bodies: 1 → 2; the events the baseline lacks:`.
    /// - Complexity: O(1).
    public static func heading(_ row: ResultsComparison.Row) -> String {
        let result = row.comparison
        let unit = result.metric.unit
        return "\(row.benchmark) \(result.metric.name): \(ValueFormat.string(result.baselineMedian, unit: unit)) → "
            + "\(ValueFormat.string(result.candidateMedian, unit: unit)); the events the baseline lacks:"
    }

    /// The heading, then each event indented by two spaces. - Complexity: O(events).
    public static func lines(_ row: ResultsComparison.Row) -> [String] {
        [heading(row)] + row.addedEvents.map { "  " + $0.text }
    }
}
