import Foundation
import LatticeBench
import Testing
@testable import lattice

@Suite struct RoundPoolTests {
    @Test func poolsEachBenchmarksSamplesAcrossRounds() throws {
        let first = LabSamples.file([try LabSamples.timed("A/x", 100)], createdAt: Date(timeIntervalSince1970: 20))
        let second = LabSamples.file([try LabSamples.timed("A/x", 110), try LabSamples.timed("A/y", 5)],
                                     createdAt: Date(timeIntervalSince1970: 10))
        let pooled = try RoundPool.pool([("1.json", first), ("2.json", second)])
        #expect(pooled.benchmarks.map(\.name) == ["A/x", "A/y"])
        let time = try #require(pooled.benchmark(named: "A/x")?.metric(named: "wallTime"))
        #expect(time.samples.count == 82 && time.summary.n == 82)
        #expect(time.summary.min < 100 && time.summary.max > 110)
        #expect(pooled.createdAt == Date(timeIntervalSince1970: 10))
    }

    @Test func refusesRoundsOfDifferentCommits() throws {
        let first = LabSamples.file([], commit: String(repeating: "a", count: 40))
        let second = LabSamples.file([], commit: String(repeating: "b", count: 40))
        #expect {
            try RoundPool.pool([("1.json", first), ("2.json", second)])
        } throws: { error in
            guard case LabError.corrupt("2.json", "$.revision.commit", _) = error else { return false }
            return true
        }
    }

    @Test func comparingAFileWithItselfFindsNoChange() throws {
        let results = try ResultsFile.read(from: LabSamples.sampleResultsURL)
        let comparison = try ResultsComparison(baseline: results, candidate: results)
        #expect(comparison.regressions.isEmpty)
        #expect(RegressionLine.lines(comparison).isEmpty)
    }

    @Test func aRegressionGetsALineSayingWhy() throws {
        let baseline = LabSamples.file([try LabSamples.timed("PhaseRead/derived/Dashboard/tracked", 10_000)])
        let candidate = LabSamples.file([try LabSamples.timed("PhaseRead/derived/Dashboard/tracked", 12_000)])
        let lines = RegressionLine.lines(try ResultsComparison(baseline: baseline, candidate: candidate))
        #expect(lines == ["REGRESSION PhaseRead/derived/Dashboard/tracked wallTime: 10.0 µs → 12.0 µs (+20.0%, p<0.001)"])
    }
}

/// What `scripts/bench.sh compare` sees on the shared lab machine: rounds of two commits in
/// which the CPU ran either at its best speed or about 1.7 times slower, each timing sample
/// with the machine's pace (its reference workload's time) taken just before it.
@Suite struct PaceMatchingTests {
    private static let fastPace = 1_930.0
    private static let slowPace = 3_500.0

    /// A round of benchmark A/x: `fast` samples at the best speed around `nanoseconds`, the
    /// rest 1.7 times slower, each with its pace; `mallocs` allocations.
    private func round(_ nanoseconds: Double, fast: Int, of count: Int = 40, mallocs: Double = 3) throws -> ResultsFile {
        let times = LabSamples.times(around: nanoseconds).prefix(count)
        let slowed = times.enumerated().map { $0.offset < fast ? $0.element : $0.element * 1.7 }
        let paces = (0..<slowed.count).map { $0 < fast ? Self.fastPace + Double($0 % 7) : Self.slowPace + Double($0 % 5) * 40 }
        return LabSamples.file([BenchmarkResult(name: "A/x", metrics: [
            try MetricResult(metric: .wallTime, samples: slowed),
            try MetricResult(metric: .machinePace, samples: paces),
            try MetricResult(metric: .mallocs, samples: [mallocs, mallocs])], iterationsPerSample: 1)])
    }

    private func compare(_ baseline: [ResultsFile], _ candidate: [ResultsFile]) throws -> ResultsComparison {
        try ResultsComparison(baseline: try RoundPool.pool(baseline.map { ("a.json", $0) }),
                              candidate: try RoundPool.pool(candidate.map { ("b.json", $0) }))
    }

    private func wallTime(_ comparison: ResultsComparison) throws -> ResultsComparison.Row {
        try #require(comparison.rows.first { $0.comparison.metric == .wallTime })
    }

    @Test func theSameCodeInTheMachinesSlowSpellsIsNoChange() throws {
        // The baseline ran mostly at the best speed, the candidate mostly slow.
        let comparison = try compare([try round(2000, fast: 35), try round(2000, fast: 30)],
                                     [try round(2000, fast: 10), try round(2000, fast: 12)])
        #expect(comparison.regressions.isEmpty)
        let row = try wallTime(comparison)
        #expect(row.comparison.verdict == .noChange)
        #expect(row.candidate.n == 22, "only the samples at the best speed are compared")
        #expect(comparison.paceMatching?.reference ?? 0 < Self.fastPace + 7)
    }

    @Test func withoutThePaceTheSlowSpellsReadAsARegression() throws {
        var baseline = try round(2000, fast: 35)
        var candidate = try round(2000, fast: 10)
        baseline.benchmarks[0].metrics.removeAll { $0.metric == .machinePace }
        candidate.benchmarks[0].metrics.removeAll { $0.metric == .machinePace }
        let comparison = try ResultsComparison(baseline: baseline, candidate: candidate)
        #expect(comparison.paceMatching == nil)
        #expect(comparison.regressions.map(\.benchmark) == ["A/x"])
    }

    @Test func aTenPercentSlowdownAtTheSameSpeedIsARegression() throws {
        let comparison = try compare([try round(2000, fast: 20), try round(2000, fast: 25)],
                                     [try round(2200, fast: 15), try round(2200, fast: 30)])
        #expect(try wallTime(comparison).comparison.verdict == .regression)
        let line = try #require(RegressionLine.lines(comparison).first)
        #expect(line.hasPrefix("REGRESSION A/x wallTime: ") && line.contains("(+10.0%"), "\(line)")
    }

    @Test func tooFewSamplesAtTheBestSpeedOnASideIsUndecided() throws {
        let comparison = try compare([try round(2000, fast: 40)], [try round(3000, fast: PaceMatching.minimumSamples - 1)])
        let row = try wallTime(comparison)
        #expect(row.comparison.verdict == .undecided)
        #expect(comparison.exitStatus == .ok)
        #expect(ComparisonReporter().markdown(comparison).contains("undecided: 1"))
    }

    @Test func aDifferenceWithinTheDriftBetweenRoundsAtTheSameSpeedIsNoChange() throws {
        // One process sits several percent off another at the same pace: the baseline's two
        // rounds are 15 % apart, the candidate about 7 % above the baseline's pooled median.
        let baseline = [try round(2000, fast: 30), try round(2300, fast: 30)]
        let candidate = [try round(2290, fast: 30), try round(2290, fast: 30)]
        let pooled = try compare(baseline, candidate)
        #expect(pooled.regressions.count == 1, "judged without the rounds, it is beyond the 5 % band")
        let byRounds = try ResultsComparison(baseline: try RoundPool.pool(baseline.map { ("a.json", $0) }),
                                             candidate: try RoundPool.pool(candidate.map { ("b.json", $0) }),
                                             rounds: (baseline, candidate))
        #expect(byRounds.regressions.isEmpty)
        #expect(try wallTime(byRounds).comparison.verdict == .noChange)
    }

    @Test func roundsNeedTwoEachWithEnoughSamplesAtTheBestSpeed() throws {
        let baseline = [try round(2000, fast: 30), try round(2000, fast: 3)]
        let candidate = [try round(3000, fast: 30), try round(3000, fast: 30)]
        let comparison = try ResultsComparison(baseline: try RoundPool.pool(baseline.map { ("a.json", $0) }),
                                               candidate: try RoundPool.pool(candidate.map { ("b.json", $0) }),
                                               rounds: (baseline, candidate))
        #expect(try wallTime(comparison).comparison.verdict == .undecided)
    }

    @Test func exactMetricsAndThePaceItself() throws {
        let comparison = try compare([try round(2000, fast: 20)], [try round(2000, fast: 5, mallocs: 4)])
        #expect(comparison.rows.first { $0.comparison.metric == .mallocs }?.comparison.verdict == .regression)
        #expect(!comparison.rows.contains { $0.comparison.metric == .machinePace }, "the pace describes the machine")
        #expect(comparison.warnings.isEmpty)
    }
}
