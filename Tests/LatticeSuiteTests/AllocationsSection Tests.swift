import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's Allocations section gives each benchmark's retains, releases, resident peak
/// and largest allocation sites beside its mallocs; "Input and output" the bytes read and
/// written of the benchmarks that did any.
@Suite struct AllocationsSectionTests {
    func page(_ benchmarks: [BenchmarkResult]) throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(LabSamples.file(benchmarks), ships: "derived"),
                       resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    func section(_ title: String, of text: String) throws -> String {
        let after = try #require(text.components(separatedBy: "## \(title)\n").dropFirst().first)
        return after.components(separatedBy: "\n## ").first ?? after
    }

    @Test func eachBenchmarkHasItsRetainsPeakAndSitesBesideItsMallocs() throws {
        var instructions = try MetricResult(metric: .instructions, samples: [10_000])
        instructions.allocationSites = [AllocationSite(function: "Lattice.Store.publish(_:)", allocations: 3),
                                        AllocationSite(function: "sqlite3VdbeExec", allocations: 1.5),
                                        AllocationSite(function: "a()", allocations: 1),
                                        AllocationSite(function: "b()", allocations: 0.5)]
        let write = BenchmarkResult(name: "RecordPage/imageWrite", metrics: [
            instructions,
            try MetricResult(metric: .retains, samples: [42]),
            try MetricResult(metric: .releases, samples: [41]),
            try MetricResult(metric: .mallocs, samples: [6, 6]),
            try MetricResult(metric: .bytesAllocated, samples: [512, 512]),
            try MetricResult(metric: .bytesWritten, samples: [8_192, 8_192]),
            try MetricResult(metric: .peakResident, samples: [2_097_152, 2_097_152, 2_097_152]),
        ], iterationsPerSample: 1)
        let quiet = BenchmarkResult(name: "RecordPage/commitAgain", metrics: [
            try MetricResult(metric: .mallocs, samples: [0, 0]),
        ], iterationsPerSample: 1)
        let text = try page([write, quiet])
        let allocations = try section("Allocations", of: text)
        #expect(allocations.contains("| benchmark | mallocs / op | bytes / op | retains / op | releases / op | peak resident "
                                     + "| most allocations at (per op) |"))
        #expect(allocations.contains("| RecordPage/imageWrite | 6 | 512 B | 42 | 41 | 2.00 MiB [2.00 MiB, 2.00 MiB] | "
                                     + "`Lattice.Store.publish(_:)` 3.00, `sqlite3VdbeExec` 1.50, `a()` 1.00 |"))
        #expect(!allocations.contains("b()"), "three sites a benchmark")
        #expect(allocations.contains("| RecordPage/commitAgain | 0 | – | – | – | – | – |"))
        let io = try section("Input and output", of: text)
        #expect(io.contains("| RecordPage/imageWrite | – | 8.00 KiB |"))
        #expect(!io.contains("commitAgain"), "only the benchmarks that read or wrote")
    }
}
