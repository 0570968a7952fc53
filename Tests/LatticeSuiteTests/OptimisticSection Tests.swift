import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's optimistic-layers section: each step and size the run measured, in order,
/// with what its size counts and, for the observed rows, the notifications and bodies.
@Suite struct OptimisticSectionTests {
    func step(_ name: String, _ nanoseconds: Double, counts: [String: Double] = [:]) throws -> BenchmarkResult {
        try LabSamples.paced("Optimistic/\(name)", nanoseconds, counts: counts)
    }

    @Test func listsEachStepBySizeWithWhomTheRowsTold() throws {
        let results = LabSamples.file([try step("rows/20", 76_000, counts: ["notifications": 40, "bodies": 40]),
                                       try step("cycle/100000", 16_300), try step("cycle/100", 16_000)])
        let text = BenchmarksPage(findings: try LabSamples.findings(results, ships: "derived"),
                                  resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        let section = try #require(text.components(separatedBy: "## Optimistic layers").last)
        let small = try #require(section.range(of: "| cycle | 100 rows | 16.0 µs ["))
        let large = try #require(section.range(of: "| cycle | 100,000 rows | 16.3 µs ["))
        let rows = try #require(section.range(of: "| rows | 20 rows observed | 76.0 µs ["))
        #expect(small.lowerBound < large.lowerBound && large.lowerBound < rows.lowerBound)
        #expect(section.contains("| 40 | 40 |"))
    }
}
