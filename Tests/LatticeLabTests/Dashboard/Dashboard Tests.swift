import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// The dashboard around a suite the lab knows nothing of (`FixtureSuite`): its sections with
/// their charts and notes, its strategies' colours, and its figures in the history.
@Suite struct DashboardTests {
    @Test func showsTheSuitesSectionsWithTheirChartsAndNotes() throws {
        let findings = try LabSamples.findings(
            LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)), ships: "derived")
        let entry = findings.historyEntry()
        let html = Dashboard(findings: findings, history: History().adding(entry), flamegraph: nil,
                             againstBaseline: nil).render()
        let sections = ["<section id=\"decision\"", "<section id=\"every-benchmark\">", "<section id=\"history\">"]
        let positions = try sections.map { try #require(html.range(of: $0)).lowerBound }
        #expect(positions == positions.sorted())
        #expect(html.contains("<h2>Every benchmark</h2>\n<p>The fixture&#39;s note.</p>\n<figure><svg"))
        #expect(!html.contains("id=\"never-measured\""), "a section with nothing to show is left out")
        #expect(html.contains("the fixture&#39;s candidate"))
        #expect(html.contains("stroke=\"#000002\""), "the history draws derived in the suite's colour")
        #expect(entry.figures["fixtureBenchmarks"] == 10)
        #expect(entry.figures["phase-read-largest/derived"] != nil)
    }
}
