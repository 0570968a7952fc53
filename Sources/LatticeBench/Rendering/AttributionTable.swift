/// The functions a changed instruction count is attributed to (`ResultsComparison.Row.attribution`),
/// as the comparison renderers and the gate print them: a heading naming the benchmark, then
/// one line per function with its self instructions per operation before and after and the
/// change, largest change first.
public enum AttributionTable {
    /// Names longer than this are cut (with `…`) so a table stays readable.
    public static let nameWidth = 110

    /// Whether `row` has an attribution to print: a regression or an improvement with
    /// functions named.
    public static func applies(to row: ResultsComparison.Row) -> Bool {
        !row.attribution.isEmpty && [.regression, .improvement].contains(row.comparison.outcome)
    }

    /// `PhaseRead/derived/Dashboard/untracked instructions 33598 → 34677 (+1079 per operation;
    /// 3 functions explain 96%)`. - Complexity: O(functions).
    public static func heading(_ row: ResultsComparison.Row) -> String {
        let result = row.comparison
        let unit = result.metric.unit
        let total = result.candidateMedian - result.baselineMedian
        let explained = row.attribution.reduce(0) { $0 + $1.change }
        let count = row.attribution.count == 1 ? "1 function explains" : "\(row.attribution.count) functions explain"
        let share = total == 0 ? "" : "; \(count) \(Int((explained / total * 100).rounded()))% of it"
        return "\(row.benchmark) \(result.metric.name): \(ValueFormat.string(result.baselineMedian, unit: unit)) → "
            + "\(ValueFormat.string(result.candidateMedian, unit: unit)) (\(signed(total, unit: unit)) per operation\(share))"
    }

    /// The functions as a table: function, before, after, change (self, per operation; `<N`
    /// for a side that did not keep the function, N its smallest kept count, the change then
    /// the least it can be). - Complexity: O(functions).
    public static func table(_ row: ResultsComparison.Row) -> TextTable {
        let unit = row.comparison.metric.unit
        var table = TextTable(headers: ["function (self, per operation)", "before", "after", "change"],
                              alignments: [.left, .right, .right, .right])
        for change in row.attribution {
            let omitted = change.omittedBelow > 0 ? "<" + ValueFormat.string(change.omittedBelow, unit: unit) : "—"
            table.append([
                TextTable.Cell(shortened(change.name)),
                TextTable.Cell(change.baseline.map { ValueFormat.string($0, unit: unit) } ?? omitted),
                TextTable.Cell(change.candidate.map { ValueFormat.string($0, unit: unit) } ?? omitted),
                TextTable.Cell(signed(change.change, unit: unit), style: change.change > 0 ? .red : .green),
            ])
        }
        return table
    }

    /// The heading and the table's lines, indented by two spaces under the heading, for a
    /// terminal. - Complexity: O(functions).
    public static func lines(_ row: ResultsComparison.Row, colour: Bool = false) -> [String] {
        let table = table(row).aligned(colour: colour).split(separator: "\n").map { "  " + $0 }
        return [heading(row)] + table
    }

    /// `+12`, `-3.5`.
    static func signed(_ value: Double, unit: Metric.Unit) -> String {
        (value > 0 ? "+" : "") + ValueFormat.string(value, unit: unit)
    }

    /// `name` cut to `nameWidth` characters.
    static func shortened(_ name: String) -> String {
        name.count <= nameWidth ? name : String(name.prefix(nameWidth - 1)) + "…"
    }
}
