import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's pagination section: each step by page, in order, with the load's counts.
@Suite struct PaginationSectionTests {
    func step(_ name: String, _ nanoseconds: Double, counts: [String: Double] = [:]) throws -> BenchmarkResult {
        try LabSamples.paced("Pagination/\(name)", nanoseconds, counts: counts)
    }

    @Test func listsEachStepByPageWithTheLoadsCounts() throws {
        let counts: [String: Double] = ["listBodies": 1, "shownRowBodies": 0, "newRows": 50, "notifications": 52]
        let results = LabSamples.file([try step("load/42", 310_000, counts: counts), try step("listBody/2", 9_000),
                                       try step("load/2", 300_000, counts: counts)])
        let text = BenchmarksPage(findings: try LabSamples.findings(results, ships: "derived"),
                                  resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        let section = try #require(text.components(separatedBy: "## Pagination").last)
        let body = try #require(section.range(of: "| listBody | 2 | 9.00 µs ["))
        let early = try #require(section.range(of: "| load | 2 | 300 µs ["))
        let late = try #require(section.range(of: "| load | 42 | 310 µs ["))
        #expect(body.lowerBound < early.lowerBound && early.lowerBound < late.lowerBound)
        #expect(section.contains("| 1 | 0 | 50 | 52 |"))
    }
}
