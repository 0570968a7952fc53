import Foundation
import LatticeBench
import Testing
@testable import LatticeLab

/// BENCHMARKS.md's response path: each step with its throughput, the reader beside its
/// anchors, and every goal judged by its interval.
@Suite struct ResponsePathSectionTests {
    /// A step of `input` at `nanoseconds`, with its counts.
    func step(_ input: String, _ step: String, _ nanoseconds: Double, mallocs: Double = 10,
              counts: [String: Double]) throws -> BenchmarkResult {
        var metrics = [try MetricResult(metric: .wallTime, samples: LabSamples.times(around: nanoseconds)),
                       try MetricResult(metric: .mallocs, samples: [mallocs, mallocs])]
        for name in counts.keys.sorted() {
            metrics.append(try MetricResult(metric: .count(name), samples: [counts[name] ?? 0]))
        }
        return BenchmarkResult(name: "ResponsePath/\(input)/\(step)", metrics: metrics, iterationsPerSample: 1)
    }

    func page(_ benchmarks: [BenchmarkResult]) throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(LabSamples.file(benchmarks), ships: "derived"),
                           resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    @Test func stepsShowTheirThroughputAndTheGoalsTheirStanding() throws {
        let feed = ["bytes": 5_000.0, "fields": 181.0]
        let list = ["bytes": 11_000_000.0, "fields": 600_001.0]
        let text = try page([
            try step("Feed", "decode", 10_000, mallocs: 65, counts: feed.merging(["allocatingValues": 63]) { $1 }),
            try step("Feed", "JSONSerialization", 50_000, counts: feed),
            try step("Feed", "commit", 100_000, counts: feed),
            try step("Feed", "publish", 95_000, counts: feed),
            try step("List100k", "decode", 100_000_000, mallocs: 300_000,
                     counts: list.merging(["allocatingValues": 200_000]) { $1 }),
            try step("List100k", "normalize", 300_000_000, counts: list),
        ])
        // 5,000 bytes in 10 µs: 500 MB/s; 181 fields in 10 µs: 18.1 M fields/s.
        #expect(text.contains("| Feed | decode | 10.0 µs ["))
        #expect(text.contains("| 500 | 18.1 M |"))
        #expect(text.contains("| 1.00 × [0.99 ×, 1.01 ×] |"))
        #expect(text.contains("| Feed | JSONSerialization | 50.0 µs ["))
        #expect(text.contains("| 5.00 × ["))
        #expect(text.contains("| Feed: the reader at least 2.5 × as fast as JSONSerialization | 5.00 × ["))
        #expect(text.contains("| Feed: at most one allocation per container (and per long string) | 65 mallocs for 63 containers and long strings (and at most 12 for the reader's stacks) | met |"))
        #expect(text.contains("| List100k: at most one allocation per container (and per long string) | 300,000 mallocs for 200,000 containers and long strings (and at most 36 for the reader's stacks) | missed |"))
        #expect(text.contains("| Feed (26 records): bytes to store under 250 µs | 100 µs ["))
        #expect(text.contains("| Feed (26 records): publish under 90 µs | 95.0 µs ["))
        #expect(text.contains("] | missed |"))
        #expect(text.contains("| List100k: normalization at least 1,000,000 fields/s | 2.00 M/s ["))
        #expect(text.contains("| List100k: the reader at least 2.5 × as fast as JSONSerialization | – | not measured |"))
    }
}
