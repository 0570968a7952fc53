import Foundation
import LatticeBench
@testable import LatticeLab

/// Results files built in code for the lab's tests, and the committed sample.
enum LabSamples {
    /// Tests/Fixtures/sample-results.json: every benchmark family of the suite.
    static let sampleResultsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sample-results.json")

    /// spec/limits.json of this checkout.
    static let limitsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("spec/limits.json")

    static let machine = Machine(cpuModel: "Test CPU", cores: 2, architecture: "x86_64", kernel: "Linux 6.1.0",
                                 loadAverage: nil)

    /// 41 samples spread ±2 % around `center`: a CV near 1.2 %, well under any noise bound.
    static func times(around center: Double) -> [Double] {
        (-20...20).map { center * (1 + Double($0) * 0.001) }
    }

    /// A benchmark with wall time around `nanoseconds`.
    static func timed(_ name: String, _ nanoseconds: Double) throws -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: [try MetricResult(metric: .wallTime, samples: times(around: nanoseconds))],
                        iterationsPerSample: 10)
    }

    /// A benchmark with exact counts.
    static func counted(_ name: String, _ counts: [String: Double]) throws -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: try counts.keys.sorted().map { key in
            try MetricResult(metric: .count(key), samples: [counts[key] ?? 0, counts[key] ?? 0])
        }, iterationsPerSample: 1)
    }

    /// A results file of `benchmarks` at a fixed date and commit.
    static func file(_ benchmarks: [BenchmarkResult], quick: Bool = false,
                     commit: String = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                     createdAt: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> ResultsFile {
        ResultsFile(createdAt: createdAt, machine: machine,
                    toolchain: Toolchain(swiftVersion: "Swift version 6.3.1"),
                    revision: SourceRevision(commit: commit, dirty: false),
                    configuration: RunConfiguration(quick: quick), benchmarks: benchmarks)
    }

    /// The two limit benchmarks for `derived` and `stored`: phase reads of `derivedRead` and
    /// 9 ns, and `derivedExtra` extra bodies.
    static func limitBenchmarks(derivedRead: Double, derivedExtra: Double) throws -> [BenchmarkResult] {
        [try timed("PhaseRead/derived/Dashboard/tracked", derivedRead),
         try timed("PhaseRead/stored/Dashboard/tracked", 9),
         try counted("BodyReruns/derived/IssueScreen/verdictValue",
                     ["bodies": derivedExtra, "extraBodies": derivedExtra]),
         try counted("BodyReruns/stored/IssueScreen/verdictValue", ["bodies": 0, "extraBodies": 0])]
    }

    /// Limits like spec/limits.json's, shipping `ships`.
    static func limits(ships: String) -> LimitsFile {
        LimitsFile(ships: ships, limits: [
            Limit(id: "phase-read-largest", description: "read", benchmark: "PhaseRead/{ships}/Dashboard/tracked",
                  metric: "wallTime", statistic: .median, bound: 50_000, maxCV: 0.1),
            Limit(id: "extra-bodies-spreads-only", description: "bodies",
                  benchmark: "BodyReruns/{ships}/IssueScreen/verdictValue", metric: "extraBodies",
                  statistic: .value, bound: 0),
        ])
    }

    /// A fresh empty directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("LatticeLabTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
