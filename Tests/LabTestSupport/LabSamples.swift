import Foundation
import LatticeBench
import LatticeLab

/// Results files and limits built in code for the lab's tests and the suite's
/// (LatticeLabTests, LatticeSuiteTests), and the committed sample; through the lab's public API
/// only.
public enum LabSamples {
    /// Tests/Fixtures/sample-results.json: every benchmark family of the suite.
    public static let sampleResultsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sample-results.json")

    /// spec/limits.json of this checkout.
    public static let limitsURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/limits.json")

    public static let machine = Machine(cpuModel: "Test CPU", cores: 2, architecture: "x86_64", kernel: "Linux 6.1.0",
                                 loadAverage: nil)

    /// 41 samples spread ±2 % around `center`: a CV near 1.2 %, well under any noise bound.
    public static func times(around center: Double) -> [Double] {
        (-20...20).map { center * (1 + Double($0) * 0.001) }
    }

    /// A benchmark with wall time around `nanoseconds`.
    public static func timed(_ name: String, _ nanoseconds: Double) throws -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: [try MetricResult(metric: .wallTime, samples: times(around: nanoseconds))],
                        iterationsPerSample: 10)
    }

    /// A benchmark with wall time around `nanoseconds`, each sample taken at a pace of 1 µs,
    /// and exact `counts`.
    public static func paced(_ name: String, _ nanoseconds: Double, counts: [String: Double] = [:]) throws -> BenchmarkResult {
        let samples = times(around: nanoseconds)
        var metrics = [try MetricResult(metric: .wallTime, samples: samples),
                       try MetricResult(metric: .machinePace, samples: Array(repeating: 1_000, count: samples.count))]
        for name in counts.keys.sorted() {
            metrics.append(try MetricResult(metric: .count(name), samples: [counts[name] ?? 0]))
        }
        return BenchmarkResult(name: name, metrics: metrics, iterationsPerSample: 1)
    }

    /// A benchmark with exact counts.
    public static func counted(_ name: String, _ counts: [String: Double]) throws -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: try counts.keys.sorted().map { key in
            try MetricResult(metric: .count(key), samples: [counts[key] ?? 0, counts[key] ?? 0])
        }, iterationsPerSample: 1)
    }

    /// A results file of `benchmarks` at a fixed date and commit.
    public static func file(_ benchmarks: [BenchmarkResult], quick: Bool = false,
                     commit: String = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                     createdAt: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> ResultsFile {
        ResultsFile(createdAt: createdAt, machine: machine,
                    toolchain: Toolchain(swiftVersion: "Swift version 6.3.1"),
                    revision: SourceRevision(commit: commit, dirty: false),
                    configuration: RunConfiguration(quick: quick), benchmarks: benchmarks)
    }

    /// The limit benchmarks of every strategy: phase reads of `derivedRead` for `derived`, 3 µs for
    /// `rootVerdict` and 9 ns for `stored`; `derivedExtra` extra bodies for `derived`, none for
    /// the others; and the commit no handle reads at 10 and 10,000 handles for `derived` and
    /// `rootVerdict`, walking `rootVerdictWalks` handles at 10,000 for `rootVerdict`.
    public static func limitBenchmarks(derivedRead: Double, derivedExtra: Double,
                                rootVerdictWalks: Double = 0) throws -> [BenchmarkResult] {
        var commits: [BenchmarkResult] = []
        for strategy in ["derived", "rootVerdict"] {
            for handles in [10, 10_000] {
                let walks = strategy == "rootVerdict" && handles == 10_000 ? rootVerdictWalks : 0
                commits.append(BenchmarkResult(name: "CommitScaling/\(strategy)/\(handles)/untouched", metrics: [
                    try MetricResult(metric: .wallTime, samples: times(around: 2_000)),
                    try MetricResult(metric: .instructions, samples: [15_000 + walks * 300]),
                    try MetricResult(metric: .count("handlesWalked"), samples: [walks]),
                ], iterationsPerSample: 1))
            }
        }
        return [try timed("PhaseRead/derived/Dashboard/tracked", derivedRead),
                try timed("PhaseRead/rootVerdict/Dashboard/tracked", 3_000),
                try timed("PhaseRead/stored/Dashboard/tracked", 9),
                try counted("BodyReruns/derived/IssueScreen/verdictValue",
                            ["bodies": derivedExtra, "extraBodies": derivedExtra]),
                try counted("BodyReruns/rootVerdict/IssueScreen/verdictValue", ["bodies": 0, "extraBodies": 0]),
                try counted("BodyReruns/stored/IssueScreen/verdictValue", ["bodies": 0, "extraBodies": 0])]
            + commits
    }

    /// Limits like spec/limits.json's, shipping `ships`, with `baseline`'s tolerances and the
    /// decision records `decisions`.
    public static func limits(ships: String, baseline: [BaselineTolerance]? = nil,
                       decisions: [DecisionRecord] = [], goals: [Limit] = []) -> LabLimits {
        let every = ["derived", "rootVerdict", "stored"], replacing = ["derived", "rootVerdict"]
        return LabLimits(chain: every, ships: ships, limits: [
            (Limit(id: "phase-read-largest", description: "read", benchmark: "PhaseRead/{strategy}/Dashboard/tracked",
                   metric: "wallTime", statistic: .median, bound: 50_000, maxCV: 0.1), every),
            (Limit(id: "extra-bodies-spreads-only", description: "bodies",
                   benchmark: "BodyReruns/{strategy}/IssueScreen/verdictValue", metric: "extraBodies",
                   statistic: .value, bound: 0), every),
            (Limit(id: "commit-walks-none", description: "walks", benchmark: "CommitScaling/{strategy}/10000/untouched",
                   metric: "handlesWalked", statistic: .value, bound: 0), replacing),
            (Limit(id: "commit-scaling-instructions", description: "instructions",
                   benchmark: "CommitScaling/{strategy}/10000/untouched", relativeTo: "CommitScaling/{strategy}/10/untouched",
                   metric: "instructions", statistic: .median, bound: 1.5), replacing),
            (Limit(id: "commit-scaling-time", description: "time",
                   benchmark: "CommitScaling/{strategy}/10000/untouched", relativeTo: "CommitScaling/{strategy}/10/untouched",
                   metric: "wallTime", statistic: .median, bound: 1.5, maxCV: 0.1), replacing),
        ], baseline: baseline, decisions: decisions, goals: goals)
    }

    /// A fresh empty directory.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("LatticeLabTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
