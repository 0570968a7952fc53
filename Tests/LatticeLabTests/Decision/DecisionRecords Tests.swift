import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// Decision records stated as limits: a run says of each whether it holds, reopens or is
/// undecided, and BENCHMARKS.md, the dashboard and the gate say the same.
@Suite struct DecisionRecordsTests {
    /// What the gate and the reports say about one set of inputs.
    private struct Judged {
        var gate: ReleaseGate
        var page: String
        var dashboard: String
    }

    /// Records like spec/limits.json's: 0002 watched by two of the chain's limits, 0003 by a limit
    /// of its own on ResponsePath, 0004 by none.
    private static let records = [
        DecisionRecord(id: "0002", record: "docs/decisions/0002.md", title: "the chain",
                       reopenIf: "the shipped strategy fails", chainLimits: ["phase-read-largest", "extra-bodies-spreads-only"]),
        DecisionRecord(id: "0003", record: "docs/decisions/0003.md", title: "strict normalizer",
                       reopenIf: "normalizing costs more", limits: [
                           Limit(id: "response-normalize-instructions", description: "normalize",
                                 benchmark: "ResponsePath/Dashboard/normalize", metric: "instructions",
                                 statistic: .median, bound: 11_640_000),
                       ]),
        DecisionRecord(id: "0004", record: "docs/decisions/0004.md", title: "subscriptions over SSE",
                       reopenIf: "a libcurl with WebSocket"),
    ]

    /// The chain's benchmarks with rootVerdict passing every limit, and Dashboard's normalize
    /// costing `normalize` instructions (none when nil).
    private func benchmarks(normalize: Double?) throws -> [BenchmarkResult] {
        let replaced = ["PhaseRead/rootVerdict/Dashboard/tracked"]
        let chain = try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0).filter { !replaced.contains($0.name) }
            + [try LabSamples.timed(replaced[0], 20_000)]
        guard let normalize else { return chain }
        return chain + [BenchmarkResult(name: "ResponsePath/Dashboard/normalize",
                                        metrics: [try MetricResult(metric: .instructions, samples: [normalize, normalize])],
                                        iterationsPerSample: 1)]
    }

    /// Writes the files, judges them as `lattice gate` does and reports them as `lattice report` does.
    private func judge(_ benchmarks: [BenchmarkResult]) throws -> Judged {
        let directory = try LabSamples.temporaryDirectory()
        let results = directory.appendingPathComponent("results.json")
        try LabSamples.file(benchmarks).write(to: results)
        let limits = directory.appendingPathComponent("limits.json")
        try LabSamples.limits(ships: "rootVerdict", decisions: Self.records).encoded(file: limits.path).write(to: limits)
        let gate = try ReleaseGate(results: try LabFiles.results(results.path), limits: try LabFiles.limits(limits.path),
                                   runtimeDefault: "rootVerdict")
        let paths = Report.Paths(results: results.path, limits: limits.path,
                                 page: directory.appendingPathComponent("BENCHMARKS.md").path,
                                 dashboard: directory.appendingPathComponent("dashboards").path, baseline: nil)
        _ = try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "rootVerdict")
        return Judged(gate: gate,
                      page: try String(contentsOf: URL(fileURLWithPath: paths.page), encoding: .utf8),
                      dashboard: try String(contentsOf: directory.appendingPathComponent("dashboards/index.html"),
                                            encoding: .utf8))
    }

    /// Each record's status line as the gate judged it appears on the page's row and in the
    /// dashboard's: one outcome everywhere.
    private func expectEveryReportSaysTheSame(_ judged: Judged, sourceLocation: SourceLocation = #_sourceLocation) {
        for record in judged.gate.decision.decisionRecords {
            #expect(judged.page.contains("| \(record.decisionRecord.id) | \(record.decisionRecord.title) |"), sourceLocation: sourceLocation)
            #expect(judged.page.contains("| \(record.summary) |"), sourceLocation: sourceLocation)
            #expect(judged.dashboard.contains("<td>\(record.summary.markupEscaped)</td>"), sourceLocation: sourceLocation)
        }
        #expect(judged.page.contains("judging the same inputs) \(judged.gate.outcome).**"), sourceLocation: sourceLocation)
    }

    @Test func everyRecordHoldingPassesTheGateAndThePageListsEach() throws {
        let judged = try judge(try benchmarks(normalize: 10_583_937))
        #expect(judged.gate.decision.decisionRecords.map(\.status) == [.holds, .holds, .notWatched])
        #expect(judged.gate.status == .ok)
        #expect(judged.gate.outcome.hasSuffix("passes every limit of its own; 2 of 3 decision records hold, "
                                              + "the others not watched"))
        #expect(judged.page.contains("### Decision records"))
        #expect(judged.gate.decision.decisionRecords[0].summary == "holds: 2 of 2 limits pass",
                "the chain's limits are read as the shipped strategy's, not judged again")
        #expect(judged.gate.decision.decisionRecords[2].summary.hasPrefix("not watched"))
        expectEveryReportSaysTheSame(judged)
    }

    @Test func aRecordsFailedLimitReopensItAndFailsTheGateNamingIt() throws {
        let judged = try judge(try benchmarks(normalize: 12_000_000))
        #expect(judged.gate.decision.decisionRecords.map(\.status) == [.holds, .reopens, .notWatched])
        #expect(judged.gate.status == .limitNotPassed)
        #expect(judged.gate.outcome.hasPrefix("fails (exit 3): decision record 0003 (strict normalizer) reopens: "
                                              + "response-normalize-instructions (ResponsePath/Dashboard/normalize) "
                                              + "measured median "))
        #expect(judged.gate.lines.contains { $0.hasPrefix("RECORD 0003 reopens: response-normalize-instructions") })
        #expect(judged.gate.decision.decidedStrategy == "rootVerdict", "the chain's decision itself stands")
        #expect(judged.page.contains("| 0003 | strict normalizer | response-normalize-instructions | reopens: "))
        expectEveryReportSaysTheSame(judged)
    }

    @Test func aRecordWhoseLimitCannotBeJudgedIsUndecidedAndFailsTheGateClosed() throws {
        let judged = try judge(try benchmarks(normalize: nil))
        #expect(judged.gate.decision.decisionRecords.map(\.status) == [.holds, .undecided, .notWatched])
        #expect(judged.gate.status == .limitNotPassed)
        #expect(judged.gate.outcome == "fails (exit 3): decision record 0003 (strict normalizer) undecided: "
                + "response-normalize-instructions (ResponsePath/Dashboard/normalize): no benchmark matches "
                + "ResponsePath/Dashboard/normalize")
        expectEveryReportSaysTheSame(judged)
    }

    @Test func aRecordsOwnTimeLimitWithTooFewSamplesIsSampledAgain() throws {
        let record = DecisionRecord(id: "0005", record: "docs/decisions/0005.md", title: "timed", reopenIf: "slow",
                                    limits: [Limit(id: "timed-read", description: "read", benchmark: "Timed/read",
                                                   metric: "wallTime", statistic: .median, bound: 1_000)])
        let limits = LabSamples.limits(ships: "rootVerdict", decisions: [record])
        let oneSample = BenchmarkResult(name: "Timed/read", metrics: [try MetricResult(metric: .wallTime, samples: [500])],
                                        iterationsPerSample: 1)
        let results = LabSamples.file(try benchmarks(normalize: nil) + [oneSample])
        #expect(Resampling.needed(limits, results).contains { $0.name == "Timed/read" && $0.use == .pool })
        #expect(!Resampling.needed(limits, LabSamples.file(try benchmarks(normalize: nil)
                                                              + [try LabSamples.timed("Timed/read", 500)]))
            .contains { $0.name == "Timed/read" }, "a judged figure is not sampled again")
    }

    @Test func aCorruptDecisionRecordChangesNoReportAndNamesTheFileAndPath() throws {
        let directory = try LabSamples.temporaryDirectory()
        let page = directory.appendingPathComponent("BENCHMARKS.md")
        try Data("previous\n".utf8).write(to: page)
        var records = Self.records
        records[0].chainLimits.append("phase-read-smallest")
        let limits = directory.appendingPathComponent("limits.json")
        try LabSamples.limits(ships: "rootVerdict", decisions: records).encoded(file: limits.path).write(to: limits)
        let results = directory.appendingPathComponent("results.json")
        try LabSamples.file(try benchmarks(normalize: 10_583_937)).write(to: results)
        let paths = Report.Paths(results: results.path, limits: limits.path, page: page.path,
                                 dashboard: directory.appendingPathComponent("dashboards").path)
        #expect(throws: JSONFileError.corrupt(file: limits.path, path: "$.decisions[0].chainLimits[2]",
                                              reason: "no limit of $.limits has the id \"phase-read-smallest\"")) {
            _ = try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "rootVerdict")
        }
        #expect(try String(contentsOf: page, encoding: .utf8) == "previous\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("dashboards").path))
    }

    @Test func aChainLimitThatFailsTheShippedStrategyReopensItsRecord() throws {
        // rootVerdict's read fails while the limits file still ships it: the gate already fails on
        // the strategy, and record 0002 says it reopens on the same evaluation.
        let slow = try benchmarks(normalize: 10_583_937).map {
            $0.name == "PhaseRead/rootVerdict/Dashboard/tracked" ? try LabSamples.timed($0.name, 80_000) : $0
        }
        let judged = try judge(slow)
        #expect(judged.gate.decision.decisionRecords.map(\.status) == [.reopens, .holds, .notWatched])
        #expect(judged.gate.status == .limitNotPassed)
        #expect(judged.gate.lines.contains { $0.hasPrefix("RECORD 0002 reopens: phase-read-largest") })
        expectEveryReportSaysTheSame(judged)
    }
}
