/// Results for github-action-benchmark's `customSmallerIsBetter` tool: a JSON array of
/// `{ "name", "unit", "value", "range", "extra" }`, one entry per benchmark and metric.
///
/// `name` is `<benchmark> - <metric>`, `value` the median, `range` `± h` with h the larger
/// distance from the median to an end of its confidence interval (absent for exact metrics),
/// `extra` the sample count, interval and CV. Metrics that prefer larger values are left out:
/// they belong to the tool's `customBiggerIsBetter` input.
public struct GitHubActionBenchmarkRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The unit label shown on the action's charts.
    public static func unit(_ unit: Metric.Unit) -> String {
        switch unit {
        case .nanoseconds: "ns"
        case .count: "count"
        case .bytes: "bytes"
        case .instructions: "instructions"
        case .paces: "paces"
        }
    }

    /// The JSON array. - Complexity: O(benchmarks · metrics).
    public func render(_ results: ResultsFile) throws -> String {
        var entries = [Entry]()
        for benchmark in results.benchmarks {
            for result in benchmark.metrics where result.metric.polarity == .prefersSmaller {
                let summary = result.summary
                let interval = summary.medianInterval
                let format = { (value: Double) in ValueFormat.string(value, unit: result.metric.unit) }
                var extra = "n=\(summary.n)"
                var range: String?
                if !result.metric.exact {
                    let halfWidth = Swift.max(summary.median - interval.lower, interval.upper - summary.median)
                    range = "± \(ValueFormat.string(halfWidth, unit: .count))"
                    extra += ", 95% CI \(format(interval.lower)) – \(format(interval.upper))"
                    if let cv = summary.cv { extra += ", CV \(ValueFormat.percent(cv).dropFirst())" }
                }
                entries.append(Entry(name: "\(benchmark.name) - \(result.metric.name)",
                                     unit: Self.unit(result.metric.unit), value: summary.median,
                                     range: range, extra: extra))
            }
        }
        return try JSONFileEncoder.string(entries)
    }

    private struct Entry: Encodable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String
    }
}
