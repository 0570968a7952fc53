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
