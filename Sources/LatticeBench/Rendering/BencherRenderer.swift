import Foundation

/// Results in Bencher Metric Format (`bencher run --adapter json`):
/// `{ "<benchmark>": { "<measure>": { "value", "lower_value", "upper_value" } } }`.
///
/// `value` is the median; noisy metrics add the ends of its confidence interval, exact ones
/// only the value. Wall time goes to Bencher's built-in `latency` measure (nanoseconds);
/// other metrics use their own name as the measure slug, which Bencher creates on first use.
public struct BencherRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The measure slug for `metric`.
    public static func measure(for metric: Metric) -> String {
        metric == .wallTime ? "latency" : metric.name
    }

    /// The BMF JSON, keys sorted. - Complexity: O(benchmarks · metrics).
    public func render(_ results: ResultsFile) throws -> String {
        var output = [String: [String: Entry]]()
        for benchmark in results.benchmarks {
            var measures = [String: Entry]()
            for result in benchmark.metrics {
                let summary = result.summary
                measures[Self.measure(for: result.metric)] = result.metric.exact
                    ? Entry(value: summary.median, lowerValue: nil, upperValue: nil)
                    : Entry(value: summary.median, lowerValue: summary.medianInterval.lower,
                            upperValue: summary.medianInterval.upper)
            }
            output[benchmark.name] = measures
        }
        return try JSONFileEncoder.string(output)
    }

    private struct Entry: Encodable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }
}
