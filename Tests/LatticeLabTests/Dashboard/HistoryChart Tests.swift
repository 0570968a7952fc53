import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// The dashboard's history: every limit's figure across runs, the chain's per strategy and each
/// decision record's own by limit, each chart written in its limit's unit.
@Suite struct HistoryChartTests {
    private static let record = DecisionRecord(
        id: "0005", record: "docs/decisions/0005-layers.md", title: "Layers", reopenIf: "a layer costs more",
        chainLimits: ["phase-read-largest"],
        limits: [Limit(id: "cycle-flat", description: "flat", benchmark: "Optimistic/cycle/100000",
                       relativeTo: "Optimistic/cycle/100", metric: "instructions", statistic: .median, bound: 1.05),
                 Limit(id: "rows-notify-once", description: "once", benchmark: "Optimistic/rows/20",
                       metric: "notifications", statistic: .value, bound: 20),
                 Limit(id: "never-measured", description: "none", benchmark: "Nothing/here", metric: "wallTime",
                       statistic: .median, bound: 1_000)])

    private func findings() throws -> Findings {
        let instructions = { (name: String, count: Double) in
            BenchmarkResult(name: name, metrics: [try MetricResult(metric: .instructions, samples: [count])],
                            iterationsPerSample: 1)
        }
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0) + [
            try instructions("Optimistic/cycle/100", 100_000), try instructions("Optimistic/cycle/100000", 102_000),
            try LabSamples.counted("Optimistic/rows/20", ["notifications": 20]),
        ])
        let limits = LabSamples.limits(ships: "derived", decisions: [Self.record])
        return Findings(gate: try ReleaseGate(results: results, limits: limits, runtimeDefault: "derived"),
                        suite: FixtureSuite())
    }

    @Test func theHistoryRecordsEachRecordsOwnLimitsByLimit() throws {
        let entry = try findings().historyEntry()
        #expect(entry.figures["cycle-flat"] == 1.02)
        #expect(entry.figures["rows-notify-once"] == 20)
        #expect(entry.figures["never-measured"] == nil)
        #expect(entry.figures["phase-read-largest/derived"] != nil, "the chain's stay by strategy")
    }

    @Test func everyLimitHasItsChartTheChainsFirstThenEachRecordsOwn() throws {
        let findings = try findings()
        let history = History().adding(findings.historyEntry())
        let charts = HistoryChart.every(findings: findings, history: history)
        #expect(charts.map(\.limit.id) == ["extra-bodies-spreads-only", "commit-walks-none", "commit-scaling-instructions",
                                           "commit-scaling-time", "phase-read-largest", "cycle-flat", "rows-notify-once",
                                           "never-measured"])
        #expect(charts.map(\.owner) == Array(repeating: "the chain", count: 4) + Array(repeating: "record 0005", count: 4))
        let cycle = try #require(charts.first { $0.limit.id == "cycle-flat" }?.render())
        #expect(cycle.contains("<title>record 0005: cycle-flat</title>"))
        #expect(cycle.contains("instructions, ratio"))
        #expect(cycle.contains("<title>Optimistic/cycle/100000: 1 → 1.02×</title>"), "one point, named by its benchmark")
        let rows = try #require(charts.first { $0.limit.id == "rows-notify-once" }?.render())
        #expect(rows.contains("<title>Optimistic/rows/20: 1 → 20</title>"))
        #expect(charts.first { $0.limit.id == "never-measured" }?.render() == nil, "no figure recorded: no chart")
    }

    @Test func theDashboardDrawsEveryLimitsHistoryAndNamesThoseWithoutOne() throws {
        let findings = try findings()
        let page = Dashboard(findings: findings, history: History().adding(findings.historyEntry()), flamegraph: nil,
                             againstBaseline: nil).render()
        let history = try #require(page.components(separatedBy: "<section id=\"history\">").last)
        #expect(history.components(separatedBy: "<svg ").count - 1 == 7)
        #expect(history.contains("No chart of never-measured: no recorded run has its figure."))
        #expect(history.contains("cycle-flat 1.02×"), "the table writes a ratio as one")
        #expect(history.contains("rows-notify-once 20"), "a count as a count, not a time")
    }
}
