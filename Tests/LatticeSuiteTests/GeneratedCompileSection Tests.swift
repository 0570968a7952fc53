import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's generated-code section: each size of the union document with its time and
/// the compiler's peak memory, and nothing when the run did not measure them.
@Suite struct GeneratedCompileSectionTests {
    /// A size of the union document at `nanoseconds` and `bytes` of compiler memory (each
    /// sample taken at a pace of 1 µs).
    func size(_ size: String, _ nanoseconds: Double, bytes: Double) throws -> BenchmarkResult {
        let times = LabSamples.times(around: nanoseconds)
        return BenchmarkResult(name: "GeneratedCompile/\(size)", metrics: [
            try MetricResult(metric: .wallTime, samples: times),
            try MetricResult(metric: .observed(SuiteBenchmark.ObservedName.compilerPeakMemory, unit: .bytes),
                             samples: Array(repeating: bytes, count: times.count)),
            try MetricResult(metric: .machinePace, samples: Array(repeating: 1_000, count: times.count)),
        ], iterationsPerSample: 1)
    }

    func page(_ benchmarks: [BenchmarkResult]) throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(LabSamples.file(benchmarks), ships: "derived"),
                       resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    @Test func givesEachSizeItsTimeAndTheCompilersMemoryInOrder() throws {
        let text = try page([try size("half", 590_000_000, bytes: 330 * 1_048_576),
                             try size("full", 1_010_000_000, bytes: 319 * 1_048_576)])
        let section = try #require(text.components(separatedBy: "## Generated code: generating and compiling").last)
        let full = try #require(section.range(of: "| full | 1.01 s ["))
        let half = try #require(section.range(of: "| half | 590 ms ["))
        #expect(full.lowerBound < half.lowerBound)
        #expect(section.contains("| 319 MiB [319 MiB, 319 MiB] |"))
        #expect(section.contains("| 330 MiB [330 MiB, 330 MiB] |"))
    }

    @Test func aRunWithoutThemSaysSo() throws {
        let text = try page([try size("full", 1_000, bytes: 1).renamed("Elsewhere/full")])
        #expect(text.contains("## Generated code: generating and compiling\n\nNot measured in this run."))
    }
}

extension BenchmarkResult {
    /// The same result under `name`.
    func renamed(_ name: String) -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: metrics, iterationsPerSample: iterationsPerSample)
    }
}
