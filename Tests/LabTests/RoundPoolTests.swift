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

@Suite struct RoundNoiseTests {
    private func round(_ nanoseconds: Double, mallocs: Double = 3) throws -> ResultsFile {
        LabSamples.file([BenchmarkResult(name: "A/x", metrics: [
            try MetricResult(metric: .wallTime, samples: LabSamples.times(around: nanoseconds)),
            try MetricResult(metric: .mallocs, samples: [mallocs, mallocs])], iterationsPerSample: 1)])
    }

    @Test func spreadIsTheRangeOfTheRoundsMediansOverTheirMiddle() throws {
        let noise = RoundNoise([try round(100), try round(150), try round(120)])
        #expect(abs((noise.spread("A/x", "wallTime") ?? 0) - 50.0 / 120) < 1e-9)
        #expect(noise.spread("A/x", "mallocs") == nil, "exact metrics have no drift")
        #expect(RoundNoise([try round(100)]).spread("A/x", "wallTime") == nil)
    }

    @Test func aDifferenceWithinTheDriftOfOneCommitsRoundsIsNoChange() throws {
        // Rounds of the baseline drift by 15%; the candidate sits 8% above most of them.
        let baselineRounds = [try round(100), try round(102), try round(115)]
        let candidateRounds = [try round(110), try round(111), try round(112)]
        let baseline = try RoundPool.pool(baselineRounds.map { ("a.json", $0) })
        let candidate = try RoundPool.pool(candidateRounds.map { ("b.json", $0) })
        let plain = try ResultsComparison(baseline: baseline, candidate: candidate)
        #expect(plain.regressions.count == 1, "with the default 5% band the shift is a regression")
        let (widened, rows) = try RoundNoise.widened(plain, baseline: baseline, baselineRounds: RoundNoise(baselineRounds),
                                                     candidate: candidate, candidateRounds: RoundNoise(candidateRounds))
        #expect(rows == 1)
        #expect(widened.regressions.isEmpty)
    }

    @Test func aChangeBeyondTheDriftIsStillARegression() throws {
        let baselineRounds = [try round(100), try round(103)]
        let candidateRounds = [try round(150), try round(152)]
        let baseline = try RoundPool.pool(baselineRounds.map { ("a.json", $0) })
        let candidate = try RoundPool.pool(candidateRounds.map { ("b.json", $0) })
        let (widened, _) = try RoundNoise.widened(try ResultsComparison(baseline: baseline, candidate: candidate),
                                                  baseline: baseline, baselineRounds: RoundNoise(baselineRounds),
                                                  candidate: candidate, candidateRounds: RoundNoise(candidateRounds))
        #expect(widened.regressions.map(\.benchmark) == ["A/x"])
    }
}
