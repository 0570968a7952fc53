import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's response path: each step with its throughput, the reader beside its
/// anchors, and issue 15's goals as spec/limits.json states them, judged as every goal is.
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

    /// The page of `benchmarks`, judged with spec/limits.json's goals.
    func page(_ benchmarks: [BenchmarkResult]) throws -> String {
        let goals = try LabFiles.limits(LabSamples.limitsURL.path).goals
        let limits = LabSamples.limits(ships: "derived", goals: goals)
        let findings = Findings(gate: try ReleaseGate(results: LabSamples.file(benchmarks), limits: limits,
                                                      runtimeDefault: "derived"), suite: LatticeSuite())
        return BenchmarksPage(findings: findings, resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    /// The row of the goal `id` in the response path's goals table.
    func goalRow(_ id: String, in page: String) -> String? {
        let section = page.components(separatedBy: "## Response path goals").last ?? ""
        return section.split(separator: "\n").first { $0.hasPrefix("| \(id) |") }.map(String.init)
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
        // The reader's time over JSONSerialization's: 10 µs of 50 µs, at most 0.4 of it.
        #expect(goalRow("reader-speedup-feed", in: text)?.contains("| median ratio 0.20× |") == true)
        #expect(goalRow("reader-speedup-feed", in: text)?.hasSuffix("| ≤ 0.40× | passed (95% CI upper 0.20×) |") == true)
        // 65 mallocs for 63 containers, within 63 + 12 for the stacks; 300,000 beyond 199,003 + 36.
        #expect(goalRow("reader-allocations-feed", in: text)?.hasSuffix("| ≤ 75 | passed |") == true)
        #expect(goalRow("reader-allocations-list100k", in: text)?.hasSuffix("| ≤ 199039 | failed |") == true)
        #expect(goalRow("feed-commit-time", in: text)?.contains("| passed (95% CI upper") == true)
        #expect(goalRow("feed-publish-time", in: text)?.contains("| failed (95% CI lower") == true)
        // 600,001 fields in 300 ms: 2 M fields a second, within the 600 ms a million a second allows.
        #expect(goalRow("list-normalize-rate", in: text)?.contains("| passed (95% CI upper") == true)
        #expect(goalRow("reader-speedup-list100k", in: text)?.contains("| undecided: ") == true)
        // The goals measured nowhere are in the table too, undecided: a goal is never left out.
        #expect(goalRow("reader-speedup-dashboard", in: text)?.contains("| undecided: ") == true)
        // Only the response path's goals here, and only the others in the goals table above.
        #expect(goalRow("generated-read-untracked", in: text) == nil)
        let above = text.components(separatedBy: "## Response path goals").first ?? ""
        #expect(above.contains("| generated-read-untracked |") && !above.contains("| reader-speedup-feed |"))
    }
}
