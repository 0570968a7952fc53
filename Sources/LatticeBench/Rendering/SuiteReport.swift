/// A suite's part of the report on one judged run (`BenchmarkSuite.report(of:)`): its sections of
/// the benchmarks page and of the dashboard, in the order they are shown, the line saying what
/// shipping the decided strategy gains, and the figures the history keeps of the run.
public struct SuiteReport {
    /// The benchmarks page's sections, between the decision and the accepted baseline changes.
    public let page: [ReportSection]
    /// The dashboard's sections, between the decision and the flamegraph.
    public let dashboard: [ReportSection]
    /// What shipping the decided strategy gains over the one it replaces (Markdown, one
    /// sentence), nil when there is nothing to say.
    public let gain: String?
    /// Figures the history records of the run beside the limits', by key.
    public let historyFigures: [String: Double]
    /// The same figures in paces, by key, for those that have them.
    public let historyPaces: [String: Double]

    /// A suite's report.
    public init(page: [ReportSection], dashboard: [ReportSection], gain: String?,
                historyFigures: [String: Double] = [:], historyPaces: [String: Double] = [:]) {
        self.page = page
        self.dashboard = dashboard
        self.gain = gain
        self.historyFigures = historyFigures
        self.historyPaces = historyPaces
    }
}
