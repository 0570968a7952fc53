import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's lifetime section: each scroll by page, in order, with what the store holds.
@Suite struct LifetimeSectionTests {
    func scroll(_ page: Int, records: Double, bytes: Double, collections: Double) throws -> BenchmarkResult {
        let paced = try LabSamples.paced("Lifetime/scroll/\(page)", Double(page) * 100_000,
                                         counts: ["collections": collections])
        let held = [
            try MetricResult(metric: .observed(SuiteBenchmark.ObservedName.residentRecords, unit: .count),
                             samples: [records, records, records]),
            try MetricResult(metric: .observed(SuiteBenchmark.ObservedName.residentBytes, unit: .bytes),
                             samples: [bytes, bytes, bytes]),
        ]
        return BenchmarkResult(name: paced.name, metrics: paced.metrics + held, iterationsPerSample: 1)
    }

    @Test func listsEachScrollByPageWithWhatTheStoreHolds() throws {
        let results = LabSamples.file([try scroll(42, records: 562, bytes: 376_832, collections: 31),
                                       try scroll(10, records: 511, bytes: 345_088, collections: 0)])
        let text = BenchmarksPage(findings: try LabSamples.findings(results, ships: "derived"),
                                  resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        let section = try #require(text.components(separatedBy: "## Lifetime").last)
        let early = try #require(section.range(of: "| scroll | 10 | 1.00 ms ["))
        let late = try #require(section.range(of: "| scroll | 42 | 4.20 ms ["))
        #expect(early.lowerBound < late.lowerBound)
        #expect(section.contains("| 562 [562, 562] | 368 KiB [368 KiB, 368 KiB] | 31 |"), "\(section)")
    }
}
