import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

@Suite struct PooledRoundsTests {
    @Test func poolsEachBenchmarksSamplesAcrossRounds() throws {
        let first = LabSamples.file([try LabSamples.timed("A/x", 100)], createdAt: Date(timeIntervalSince1970: 20))
        let second = LabSamples.file([try LabSamples.timed("A/x", 110), try LabSamples.timed("A/y", 5)],
                                     createdAt: Date(timeIntervalSince1970: 10))
        let pooled = try ResultsFile.pooled([("1.json", first), ("2.json", second)])
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
            try ResultsFile.pooled([("1.json", first), ("2.json", second)])
        } throws: { error in
            guard case JSONFileError.corrupt("2.json", "$.revision.commit", _) = error else { return false }
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
        try ResultsComparison(baseline: try ResultsFile.pooled(baseline.map { ("a.json", $0) }),
                              candidate: try ResultsFile.pooled(candidate.map { ("b.json", $0) }))
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
        #expect(row.comparison.outcome == .noChange)
        #expect(row.candidate.n == 22, "only the samples at the best speed are compared")
        #expect(comparison.paceMatching?.baseline.reference ?? 0 < Self.fastPace + 7)
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
        #expect(try wallTime(comparison).comparison.outcome == .regression)
        let line = try #require(RegressionLine.lines(comparison).first)
        #expect(line.hasPrefix("REGRESSION A/x wallTime: ") && line.contains("(+10.0%"), "\(line)")
    }

    @Test func tooFewSamplesAtTheBestSpeedOnASideIsUndecided() throws {
        let comparison = try compare([try round(2000, fast: 40)], [try round(3000, fast: PaceMatching.minimumSamples - 1)])
        let row = try wallTime(comparison)
        #expect(row.comparison.outcome == .undecided)
        #expect(comparison.exitStatus == .ok)
        #expect(ComparisonRenderer().markdown(comparison).contains("undecided: 1"))
    }

    @Test func exactMetricsAndThePaceItself() throws {
        let comparison = try compare([try round(2000, fast: 20)], [try round(2000, fast: 5, mallocs: 4)])
        #expect(comparison.rows.first { $0.comparison.metric == .mallocs }?.comparison.outcome == .regression)
        #expect(!comparison.rows.contains { $0.comparison.metric == .machinePace }, "the pace describes the machine")
        #expect(comparison.warnings.isEmpty)
    }
}

/// `scripts/bench.sh compare` gives each side as rounds, one process each: judged by rounds,
/// with the process-to-process deviation pooled over the suite.
@Suite struct JudgedByRoundsTests {
    /// 12 benchmarks of executable A around 1–12 µs, every sample at the best pace.
    private static let benchmarks = (1...12).map { ("A/b\($0)", Double($0) * 1000) }

    /// Deterministic offsets in about ±4 %, as processes at the same pace show.
    private struct Offsets {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 1 + (Double(state >> 11) / Double(1 << 53) - 0.5) * 0.08
        }
    }

    /// A round: each benchmark's samples times its own process offset, times `scale`
    /// (`spoiled` for every benchmark of the round, `slower` for the named ones).
    private func round(_ offsets: inout Offsets, scale: Double = 1, slower: [String: Double] = [:],
                       fastSamples: [String: Int] = [:]) throws -> ResultsFile {
        try LabSamples.file(Self.benchmarks.map { name, nanoseconds in
            let level = nanoseconds * offsets.next() * scale * (slower[name] ?? 1)
            let fast = fastSamples[name] ?? 41
            let times = LabSamples.times(around: level).enumerated().map { $0.offset < fast ? $0.element : $0.element * 1.7 }
            return BenchmarkResult(name: name, metrics: [
                try MetricResult(metric: .wallTime, samples: times),
                try MetricResult(metric: .machinePace, samples: times.indices.map { $0 < fast ? 1930 : 3500 }),
            ], iterationsPerSample: 1)
        })
    }

    private func compare(_ baseline: [ResultsFile], _ candidate: [ResultsFile]) throws -> ResultsComparison {
        try ResultsComparison(baseline: try ResultsFile.pooled(baseline.map { ("a.json", $0) }),
                              candidate: try ResultsFile.pooled(candidate.map { ("b.json", $0) }),
                              rounds: (baseline, candidate))
    }

    @Test func theSameCodeWithProcessOffsetsIsNoChangeAcrossTheSuite() throws {
        var offsets = Offsets(state: 7)
        let baseline = try (0..<4).map { _ in try round(&offsets) }
        let candidate = try (0..<4).map { _ in try round(&offsets) }
        let comparison = try compare(baseline, candidate)
        #expect(comparison.rows.count == Self.benchmarks.count)
        #expect(comparison.rows.allSatisfy { $0.comparison.outcome == .noChange })
        #expect(comparison.rows.allSatisfy { $0.comparison.roundShift?.baselineRounds == 4 })
        // Judged sample against sample, the same rounds call changes.
        let bySamples = try ResultsComparison(baseline: try ResultsFile.pooled(baseline.map { ("a.json", $0) }),
                                              candidate: try ResultsFile.pooled(candidate.map { ("b.json", $0) }))
        #expect(bySamples.rows.contains { $0.comparison.outcome != .noChange })
    }

    @Test func aSlowdownOfEveryBenchmarkIsARegressionOfEach() throws {
        var offsets = Offsets(state: 11)
        let baseline = try (0..<4).map { _ in try round(&offsets) }
        let candidate = try (0..<4).map { _ in try round(&offsets, scale: 1.15) }
        let comparison = try compare(baseline, candidate)
        #expect(comparison.regressions.count == Self.benchmarks.count)
    }

    @Test func oneBenchmarkTwentyPercentSlowerStandsOutOfTheSuite() throws {
        var offsets = Offsets(state: 13)
        let baseline = try (0..<4).map { _ in try round(&offsets) }
        let candidate = try (0..<4).map { _ in try round(&offsets, slower: ["A/b5": 1.2]) }
        let comparison = try compare(baseline, candidate)
        #expect(comparison.regressions.map(\.benchmark) == ["A/b5"], "\(ComparisonRenderer().markdown(comparison))")
    }

    @Test func aRoundSpoiledAcrossItsExecutableIsLeftOut() throws {
        var offsets = Offsets(state: 17)
        // Baseline round 3 ran 2.6 times slower at the same pace; for A/b7 it is the only
        // baseline round at the best pace.
        let unpaced = ["A/b7": 0]
        let baseline = [try round(&offsets, fastSamples: unpaced), try round(&offsets, fastSamples: unpaced),
                        try round(&offsets, scale: 2.6), try round(&offsets, fastSamples: unpaced)]
        let candidate = try (0..<4).map { _ in try round(&offsets) }
        let comparison = try compare(baseline, candidate)
        #expect(comparison.regressions.isEmpty && !comparison.rows.contains { $0.comparison.outcome == .improvement })
        #expect(comparison.rows.first { $0.benchmark == "A/b7" }?.comparison.outcome == .undecided)
        #expect(comparison.rows.first { $0.benchmark == "A/b1" }?.comparison.roundShift?.baselineRounds == 3)
    }
}
