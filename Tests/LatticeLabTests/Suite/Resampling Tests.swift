import LatticeBench
import LabTestSupport
import Testing
@testable import LatticeLab

@Suite struct ResamplingTests {
    /// A wall time whose samples swing between two speeds: too noisy for the reports to show.
    private func noisy(_ name: String) throws -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: [try MetricResult(metric: .wallTime,
                                                                samples: (0..<40).map { $0 % 2 == 0 ? 100 : 190 })],
                        iterationsPerSample: 10)
    }

    @Test func aFullRunResamplesTheUndecidedTimeFiguresNoLimitJudgesAfresh() throws {
        let results = LabSamples.file([try LabSamples.timed("FieldRead/dictionary/8", 30), try noisy("FanOut/read/8"),
                                       try noisy("ResponsePath/Feed/decode")])
        let figures = Resampling.undecidedFigures(results, besides: [("ResponsePath/Feed/decode", .pool)])
        #expect(figures.map(\.name) == ["FanOut/read/8"])
        #expect(figures.map(\.use) == [.replace])
    }

    @Test func aFigureWithOneSampleIsPooled() throws {
        let single = BenchmarkResult(name: "FanOut/read/8", metrics: [try MetricResult(metric: .wallTime, samples: [100])],
                                     iterationsPerSample: 1)
        let figures = Resampling.undecidedFigures(LabSamples.file([single]), besides: [])
        #expect(figures.map(\.use) == [.pool])
    }

    @Test func aFigureIsChargedWhatItsSamplesTookWhenTheyOutlastTheBudget() throws {
        // 16 samples of 2.5 s, one operation each: 40 s, against a budget of 4 s.
        let long = BenchmarkResult(name: "ResponsePath/List100k/JSONDecoder",
                                   metrics: [try MetricResult(metric: .wallTime, samples: Array(repeating: 2.5e9, count: 16))],
                                   iterationsPerSample: 1)
        let short = BenchmarkResult(name: "FanOut/read/8",
                                    metrics: [try MetricResult(metric: .wallTime, samples: Array(repeating: 1_000, count: 400))],
                                    iterationsPerSample: 10)
        let results = LabSamples.file([long, short])
        #expect(Resampling.cost(of: long.name, in: results, budget: 4) == 40)
        #expect(Resampling.cost(of: short.name, in: results, budget: 0.5) == 0.5)
        #expect(Resampling.cost(of: "Missing/benchmark", in: results, budget: 2) == 2)
    }
}
