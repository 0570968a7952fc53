import LatticeBench
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
}
