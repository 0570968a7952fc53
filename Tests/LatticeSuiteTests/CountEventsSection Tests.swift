import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's body re-runs and incremental delivery sections show, under their tables, the
/// events behind the counts (`MetricResult.events`), and nothing for a run that recorded none.
@Suite struct CountEventsSectionTests {
    /// A benchmark counting `count` per operation, with `events` behind it (none recorded: nil).
    func counted(_ name: String, _ counts: [String: (Double, [CountEvent]?)]) throws -> BenchmarkResult {
        let metrics = try counts.sorted { $0.key < $1.key }.map { name, count in
            var metric = try MetricResult(metric: .count(name), samples: [count.0, count.0, count.0])
            metric.events = count.1
            return metric
        }
        return BenchmarkResult(name: name, metrics: metrics, iterationsPerSample: 1)
    }

    func page(_ results: [BenchmarkResult]) throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(LabSamples.file(results), ships: "derived"),
                       resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    func section(_ title: String, of page: String) throws -> String {
        let after = try #require(page.components(separatedBy: "## \(title)\n").dropFirst().first)
        return after.components(separatedBy: "\n## ").first ?? after
    }

    @Test func eachStrategysBodiesAreShownWithTheCommitFieldAndBodyBehindThem() throws {
        let field = CountEvent(commit: 3, origin: "local update", fields: ["User.name"], body: "Dashboard.phase")
        let text = try page([
            try counted("BodyReruns/stored/Dashboard/verdictValue", ["bodies": (0, [])]),
            try counted("BodyReruns/derived/Dashboard/verdictValue", ["bodies": (1, [field])]),
            try counted("BodyReruns/stored/Dashboard/otherValue", ["bodies": (0, [])]),
            try counted("BodyReruns/derived/Dashboard/otherValue", ["bodies": (0, [])]),
        ])
        let section = try section("Body re-runs", of: text)
        #expect(section.contains("| operation | commit | events behind the bodies: stored | events behind the bodies: derived |"))
        #expect(section.contains("| Dashboard | verdictValue | none | commit 3 (local update) → `User.name` → Dashboard.phase |"),
                "\(section)")
        #expect(!section.contains("| Dashboard | otherValue | none"), "no body re-ran: no row")
    }

    @Test func theIncrementalPartsCountsAreShownWithTheirEvents() throws {
        let summary = CountEvent(commit: 5, origin: nil, fields: ["Feed.summary"], body: "SummaryRow")
        let text = try page([try counted("Incremental/part/1", ["partBodies": (1, [summary]), "otherBodies": (0, [])])])
        let section = try section("Incremental delivery", of: text)
        #expect(section.contains("- part's bodies: commit 5 → `Feed.summary` → SummaryRow"), "\(section)")
        #expect(section.contains("- other bodies: none"))
        #expect(text.contains("- other bodies: none\n\n## "), "a blank line before the next section")
    }

    @Test func aRunThatRecordedNoEventsShowsNone() throws {
        let text = try page([try counted("BodyReruns/derived/Dashboard/verdictValue", ["bodies": (1, nil)]),
                             try counted("Incremental/part/1", ["partBodies": (1, nil), "otherBodies": (0, nil)])])
        #expect(!text.contains("events behind the bodies"))
        #expect(!text.contains("The events behind `part`'s counts"))
    }
}
