import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// Figures in paces: the committed run read `PhaseRead/rootVerdict/Dashboard/tracked` at
/// 2.10 µs with its reference pace at 971 ns; a slower machine of the same kind, on the same
/// commit, read 2.69 µs at 1,182 ns (the runs in ../shared/runs/2026-12-02-slow-machine).
@Suite struct PacesTests {
    private static let benchmark = "PhaseRead/rootVerdict/Dashboard/tracked"

    /// A run of `benchmark` as the harness records it: 41 wall-time samples around
    /// `nanoseconds`, each with the pace probe's reading taken before it, at most 4 ns over
    /// `pace` (so the run's reference pace, their 1st percentile, is `pace`).
    private func run(_ nanoseconds: Double, pace: Double, createdAt: Date = Date(timeIntervalSince1970: 1_800_000_000))
        throws -> ResultsFile {
        let times = LabSamples.times(around: nanoseconds)
        let paces = times.indices.map { pace + Double($0 % 5) }
        return LabSamples.file([BenchmarkResult(name: Self.benchmark, metrics: [
            try MetricResult(metric: .wallTime, samples: times),
            try MetricResult(metric: .machinePace, samples: paces)], iterationsPerSample: 1)], createdAt: createdAt)
    }

    private func wallTime(_ comparison: ResultsComparison) throws -> ResultsComparison.Row {
        try #require(comparison.rows.first { $0.comparison.metric.name == Metric.wallTime.name })
    }

    @Test func theRunsReferencePaceIsThe1stPercentileOfItsProbesReadings() throws {
        #expect(try run(2_100, pace: 971).referencePace == 971)
        #expect(LabSamples.file([try LabSamples.timed(Self.benchmark, 2_100)]).referencePace == nil)
    }

    @Test func aTimeAndItsIntervalInPaces() throws {
        let figure = try #require(PaceFigure(nanoseconds: 2_100, interval: Interval(lower: 2_090, upper: 2_110, confidence: 0.95),
                                             reference: 971))
        #expect(abs(figure.value - 2.1627) < 0.0001)
        #expect(abs((figure.interval?.lower ?? 0) - 2.1524) < 0.0001 && abs((figure.interval?.upper ?? 0) - 2.1730) < 0.0001)
        #expect(figure.interval?.confidence == 0.95)
        #expect(PaceFigure(nanoseconds: 2_100, reference: 0) == nil)
    }

    @Test func aTimeWithTooFewSamplesAtPaceHasNoFigureInPaces() throws {
        // 7 of 41 samples at the reference pace: the median is of every speed, no multiple of it.
        var results = try run(2_100, pace: 971)
        results.benchmarks[0].metrics[1] = try MetricResult(metric: .machinePace,
                                                            samples: (0..<41).map { $0 < 7 ? 971 : 1_700 })
        let time = try #require(results.atReferencePace().benchmarks[0].metric(named: Metric.wallTime.name))
        #expect(time.referencePace?.suffices == false)
        #expect(time.paceFigure == nil)
        #expect(try #require(try run(2_100, pace: 971).atReferencePace().benchmarks[0].metrics[0].paceFigure).value > 2.16)
    }

    @Test func oneCommitOnTwoMachinesIsNoChange() throws {
        // 1.28 times the time at 1.22 times the pace: 5 % apart in paces, within the band.
        let comparison = try ResultsComparison(baseline: try run(2_100, pace: 971), candidate: try run(2_690, pace: 1_182))
        let row = try wallTime(comparison)
        #expect(comparison.paceMatching?.inPaces == true)
        #expect(row.comparison.outcome == .noChange)
        #expect(row.comparison.metric.unit == .paces)
        #expect(abs(row.baseline.median - 2_100 / 971) < 0.001 && abs(row.candidate.median - 2_690 / 1_182) < 0.001)
        let markdown = ComparisonRenderer().markdown(comparison)
        #expect(markdown.contains("| 2.16 paces ± "), "\(markdown)")
        #expect(markdown.contains("times compared in paces: the sides' reference paces differ (971 ns → 1.18 µs)"))
        #expect(comparison.regressions.isEmpty)
    }

    @Test func inNanosecondsTheSameTwoRunsReadAsARegression() throws {
        // What compare said before paces: the matching at one reference for both sides.
        var baseline = try run(2_100, pace: 971)
        var candidate = try run(2_690, pace: 1_182)
        for index in baseline.benchmarks.indices { baseline.benchmarks[index].metrics.removeAll { $0.metric == .machinePace } }
        for index in candidate.benchmarks.indices { candidate.benchmarks[index].metrics.removeAll { $0.metric == .machinePace } }
        #expect(try ResultsComparison(baseline: baseline, candidate: candidate).regressions.map(\.benchmark) == [Self.benchmark])
    }

    @Test func aTenPercentSlowdownOnTheOtherMachineIsARegression() throws {
        let comparison = try ResultsComparison(baseline: try run(2_100, pace: 971),
                                               candidate: try run(2_690 * 1.1, pace: 1_182))
        #expect(try wallTime(comparison).comparison.outcome == .regression)
        let line = try #require(RegressionLine.lines(comparison).first)
        #expect(line.hasPrefix("REGRESSION \(Self.benchmark) wallTime: 2.16 paces → 2.50 paces (+15."), "\(line)")
    }

    @Test func aSlowdownIsARegressionWhicheverSideIsFaster() throws {
        // The faster machine ran the slower code: 16 % more paces than the slow machine's run.
        let comparison = try ResultsComparison(baseline: try run(2_690, pace: 1_182),
                                               candidate: try run(2_690 / 1_182 * 971 * 1.16, pace: 971))
        #expect(try wallTime(comparison).comparison.outcome == .regression)
    }

    @Test func onOneMachineTimesStayInNanoseconds() throws {
        // References 0.4 % apart: one speed, matched at the lower, compared in nanoseconds.
        let comparison = try ResultsComparison(baseline: try run(2_100, pace: 971), candidate: try run(2_100 * 1.1, pace: 975))
        let row = try wallTime(comparison)
        #expect(comparison.paceMatching?.inPaces == false)
        #expect(comparison.paceMatching?.candidate.reference == 971)
        #expect(row.comparison.metric.unit == .nanoseconds)
        #expect(row.comparison.outcome == .regression)
    }

    @Test func roundsOnTwoMachinesAreJudgedInPaces() throws {
        let baseline = [try run(2_100, pace: 971), try run(2_080, pace: 971), try run(2_120, pace: 971)]
        let same = [try run(2_690, pace: 1_182), try run(2_660, pace: 1_182), try run(2_710, pace: 1_182)]
        let slower = [try run(2_690 * 1.2, pace: 1_182), try run(2_660 * 1.2, pace: 1_182), try run(2_710 * 1.2, pace: 1_182)]
        func compare(_ candidate: [ResultsFile]) throws -> ResultsComparison.Row {
            try wallTime(try ResultsComparison(baseline: try ResultsFile.pooled(baseline.map { ("a.json", $0) }),
                                               candidate: try ResultsFile.pooled(candidate.map { ("b.json", $0) }),
                                               rounds: (baseline, candidate)))
        }
        let unchanged = try compare(same)
        #expect(unchanged.comparison.roundShift != nil)
        #expect(unchanged.comparison.outcome == .noChange)
        #expect(try compare(slower).comparison.outcome == .regression)
    }

    // MARK: the page, the dashboard and the history

    /// The limit benchmarks with the pace probe read before each timing sample, at `pace`.
    private func pacedLimitRun(pace: Double, rootVerdictRead: Double = 2_100) throws -> ResultsFile {
        var benchmarks = try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)
        for index in benchmarks.indices {
            guard var time = benchmarks[index].metric(named: Metric.wallTime.name) else { continue }
            if benchmarks[index].name == Self.benchmark {
                time = try MetricResult(metric: .wallTime, samples: LabSamples.times(around: rootVerdictRead))
                benchmarks[index].metrics[0] = time
            }
            benchmarks[index].metrics.append(try MetricResult(metric: .machinePace,
                                                              samples: time.samples.indices.map { pace + Double($0 % 5) }))
        }
        return LabSamples.file(benchmarks)
    }

    @Test func thePageGivesTimesInPacesAndThePaceItWasMeasuredAt() throws {
        let findings = try LabSamples.findings(try pacedLimitRun(pace: 971), ships: "derived")
        let page = BenchmarksPage(findings: findings, resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        #expect(page.contains("- pace: reference pace 971 ns (the 1st percentile of the pace probe's readings)"), "\(page)")
        #expect(page.contains("| rootVerdict | phase-read-largest | \(Self.benchmark) | median 2.10 µs = 2.16 paces | "
                              + "[2.09 µs, 2.11 µs] = [2.15 paces, 2.18 paces] |"), "\(page)")
        // The suite's tables write figures as the lab's do (`FigureText`): in paces too.
        #expect(page.contains("| \(Self.benchmark) | 2.10 µs [2.09 µs, 2.11 µs] (2.16 paces [2.15 paces, 2.18 paces]) |"),
                "\(page)")
    }

    @Test func aRunWithoutAPaceShowsItsTimesAsBefore() throws {
        let findings = try LabSamples.findings(LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)),
                                               ships: "derived")
        let page = BenchmarksPage(findings: findings, resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        #expect(!page.contains("paces"))
        #expect(!page.contains("- pace:"))
    }

    @Test func theHistoryRecordsThePaceAndTheTimesInPaces() throws {
        let entry = try LabSamples.findings(try pacedLimitRun(pace: 1_182, rootVerdictRead: 2_690), ships: "derived").historyEntry()
        #expect(entry.referencePace == 1_182)
        #expect(abs((entry.figures["phase-read-largest/rootVerdict"] ?? 0) - 2_690) < 1)
        #expect(abs((entry.paces?["phase-read-largest/rootVerdict"] ?? 0) - 2_690 / 1_182) < 0.001)
        #expect(entry.paces?["commit-walks-none/rootVerdict"] == nil, "a count is not a time")
        #expect(entry.paces?["commit-scaling-time/rootVerdict"] == nil, "a ratio of times already travels")
        #expect(Set((entry.paces ?? [:]).keys).isSubset(of: entry.figures.keys))
    }

    @Test func anEntryFromBeforePacesStillReadsAndIsLeftOffThePacesChart() throws {
        let old = #"{"version": 1, "entries": [{"commit": "a", "dirty": false, "date": "2026-11-01T00:00:00Z", "#
            + #""decision": "storedShips", "figures": {"phase-read-largest/rootVerdict": 2100}}]}"#
        let url = try LabSamples.temporaryDirectory().appendingPathComponent("history.json")
        try Data(old.utf8).write(to: url)
        let history = try History.read(from: url)
        #expect(history.entries.first?.paces == nil && history.entries.first?.referencePace == nil)

        let findings = try LabSamples.findings(try pacedLimitRun(pace: 1_182, rootVerdictRead: 2_690), ships: "derived")
        let both = history.adding(findings.historyEntry())
        let limit = try #require(findings.decision.limits.file.limits.first)
        let chart = try #require(HistoryChart(findings: findings, history: both, limit: limit, owner: "the chain").render())
        #expect(chart.contains("the chain: phase-read-largest, in paces"))
        #expect(chart.contains("wallTime in paces"))
        let alone = try #require(HistoryChart(findings: findings, history: history, limit: limit, owner: "the chain").render())
        #expect(!alone.contains("in paces"), "with no entry in paces the chart stays in nanoseconds")

        let page = Dashboard(findings: findings, history: both, flamegraph: nil, againstBaseline: nil).render()
        #expect(page.contains("no pace recorded"))
        #expect(page.contains("reference pace 1.18 µs"))
        #expect(page.contains("phase-read-largest/rootVerdict 2.69 µs = 2.28 paces"))
    }
}
