/// One section of the benchmarks page (BENCHMARKS.md) or of the dashboard, as a suite gives it:
/// its title and the words and figures under it. The lab writes it in place; a value, built
/// once per run.
public struct ReportSection {
    /// What the section shows.
    public enum Content {
        /// A table the suite rendered.
        case table(TextTable)
        /// Goals of the limits file as judged (`JudgedRun.goals`), shown as the lab shows every
        /// judged goal.
        case goals([LimitEvaluation])
    }

    /// The section's heading.
    public let title: String
    /// The benchmarks page's paragraph under the heading (Markdown); the dashboard does not show it.
    public let about: String
    /// The figures.
    public let content: Content
    /// The benchmarks page's Markdown under the table, if any (what the table's figures make of
    /// themselves, e.g. a second table); the dashboard does not show it.
    public let below: String
    /// The dashboard's charts (`<svg>` elements); the benchmarks page does not show them.
    public let charts: [String]
    /// The dashboard's paragraph under the heading, if any (plain text).
    public let note: String
    /// The dashboard's words for each chart left out, saying which benchmarks the results lack
    /// (a quick or filtered run): shown in the chart's place, so a missing chart is never silent.
    public let omitted: [String]

    /// A section; a benchmarks page's section has no charts, no note and nothing omitted, a
    /// dashboard's no `about` nor `below`.
    public init(_ title: String, about: String = "", _ content: Content, below: String = "", charts: [String] = [],
                note: String = "", omitted: [String] = []) {
        self.title = title
        self.about = about
        self.content = content
        self.below = below
        self.charts = charts
        self.note = note
        self.omitted = omitted
    }
}
