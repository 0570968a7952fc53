import Foundation
@testable import LatticeBench

/// Small hand-made results for the results, limits and renderer tests.
enum SampleResults {
    static let machine = Machine(cpuModel: "Test CPU @ 3.0GHz", cores: 2, architecture: "x86_64",
                                 kernel: "Linux 6.1.0",
                                 loadAverage: LoadAverage(oneMinute: 0.5, fiveMinutes: 0.25,
                                                          fifteenMinutes: 0.125))

    /// 101 evenly spaced samples from `center - 50·step` to `center + 50·step`.
    static func spread(around center: Double, step: Double) -> [Double] {
        (-50...50).map { center + Double($0) * step }
    }

    /// A benchmark with noisy wall time around `nanoseconds` and exact mallocs.
    static func benchmark(_ name: String, nanoseconds: Double, mallocs: Double = 3,
                          step: Double = 1) throws -> BenchmarkResult {
        BenchmarkResult(
            name: name, tags: ["test"],
            metrics: [try MetricResult(metric: .wallTime, samples: spread(around: nanoseconds, step: step)),
                      try MetricResult(metric: .mallocs, samples: [mallocs, mallocs, mallocs])],
            iterationsPerSample: 16, warnings: [])
    }

    /// Two benchmarks, one with a warning, at a fixed date and commit.
    static func file(commit: String = "0123456789abcdef0123456789abcdef01234567",
                     createdAt: Date = Date(timeIntervalSince1970: 1_800_000_000),
                     benchmarks: [BenchmarkResult]? = nil) throws -> ResultsFile {
        var slow = try benchmark("Example/sum/1000", nanoseconds: 1_250_000, step: 1000)
        slow.warnings = ["time budget reached after 101 samples"]
        return ResultsFile(
            createdAt: createdAt, machine: machine,
            toolchain: Toolchain(swiftVersion: "Swift version 6.3.1 (swift-6.3.1-RELEASE)"),
            revision: SourceRevision(commit: commit, dirty: false),
            configuration: RunConfiguration(quick: false, maxSamples: 101, mode: .measure,
                                            harnessOverheadNanoseconds: 21.5),
            benchmarks: try benchmarks ?? [try benchmark("Example/sum/10", nanoseconds: 640), slow])
    }

    /// The 95 % interval of `Example/sum/10`'s wall time as the renderers print it, read
    /// from its summary (the renderers' job is to show the summary, not to compute it).
    static func fastInterval() throws -> (lower: String, upper: String) {
        let interval = try file().benchmarks[0].metrics[0].summary.medianInterval
        return (ValueFormat.string(interval.lower, unit: .nanoseconds),
                ValueFormat.string(interval.upper, unit: .nanoseconds))
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LatticeBenchTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
