import Testing
@testable import LatticeBench

/// A comparison of two sides' samples judged by metric: a change's outcome, relative size and
/// p-value (against scipy to 1e-9, relative to max(1, |expected|), as `MannWhitneyUTests`).
@Suite struct ComparisonTests {
    @Test func tenPercentSlowerIsARegressionOfTime() throws {
        let reference = try #require(ScipyReference.comparisons.first { $0.name == "ten percent slower" })
        let comparison = try Comparison(metric: .wallTime, baseline: reference.baseline,
                                        candidate: reference.candidate)
        #expect(comparison.outcome == .regression)
        let change = try #require(comparison.relativeChange)
        #expect(change > 0.05 && change < 0.15)
        #expect(isClose(comparison.test?.pValue, reference.pValue, relative: 1e-9))
    }

    @Test func aLargerValueImprovesAMetricThatPrefersLarger() throws {
        let reference = try #require(ScipyReference.comparisons.first { $0.name == "ten percent slower" })
        let throughput = Metric(name: "throughput", unit: .count, polarity: .prefersLarger, exact: false)
        let comparison = try Comparison(metric: throughput, baseline: reference.baseline,
                                        candidate: reference.candidate)
        #expect(comparison.outcome == .improvement)
    }

    @Test func theSameDistributionIsNoChange() throws {
        let reference = try #require(ScipyReference.comparisons.first { $0.name == "same distribution" })
        let comparison = try Comparison(metric: .wallTime, baseline: reference.baseline,
                                        candidate: reference.candidate)
        #expect(comparison.outcome == .noChange)
    }

    @Test func aSignificantShiftInsideTheNoiseBandIsNoChange() throws {
        let baseline = (0..<40).map { 1000 + Double($0) * 0.1 }
        let candidate = baseline.map { $0 + 10 } // +1 %: significant, within 5 %
        let comparison = try Comparison(metric: .wallTime, baseline: baseline, candidate: candidate)
        #expect(try #require(comparison.test).pValue < 0.05)
        #expect(comparison.outcome == .noChange)
        let strict = ComparisonThresholds(alpha: 0.05, noise: 0.001, exact: 0, confidence: 0.95)
        let strictComparison = try Comparison(metric: .wallTime, baseline: baseline,
                                              candidate: candidate, thresholds: strict)
        #expect(strictComparison.outcome == .regression)
    }

    @Test func exactMetricsCompareValuesWithoutStatistics() throws {
        let same = try Comparison(metric: .mallocs, baseline: [12, 12, 12], candidate: [12, 12])
        #expect(same.outcome == .noChange)
        #expect(same.test == nil)
        #expect(same.shift == nil)
        let oneMore = try Comparison(metric: .mallocs, baseline: [12, 12, 12], candidate: [13])
        #expect(oneMore.outcome == .regression)
        let oneFewer = try Comparison(metric: .instructions, baseline: [1000], candidate: [999])
        #expect(oneFewer.outcome == .improvement)
        #expect(oneFewer.relativeChange == -0.001)
        let tolerant = ComparisonThresholds(alpha: 0.05, noise: 0.05, exact: 0.01, confidence: 0.95)
        #expect(try Comparison(metric: .instructions, baseline: [1000], candidate: [1005],
                               thresholds: tolerant).outcome == .noChange)
        #expect(try Comparison(metric: .instructions, baseline: [1000], candidate: [1000.25]).outcome == .noChange,
                "a quarter of an instruction per operation is below the floor")
    }

    @Test func anExactMetricWithASpreadChangesOnlyWhenTheWholeRangeMoves() throws {
        // One count per heap layout: the tracked read costs 20,164 to 20,175 depending on where
        // the heap put its objects.
        let baseline = [20_164.0, 20_175, 20_175]
        let moved = try Comparison(metric: .instructions, baseline: baseline, candidate: [20_164, 20_164, 20_186])
        #expect(moved.outcome == .noChange, "within the layouts' spread")
        let slower = try Comparison(metric: .instructions, baseline: baseline, candidate: [20_740, 20_751, 20_751])
        #expect(slower.outcome == .regression)
        let faster = try Comparison(metric: .instructions, baseline: baseline, candidate: [19_980, 19_991, 19_991])
        #expect(faster.outcome == .improvement)
    }

    /// A tracked read's count: layouts under the fixed hash seed, and six random seeds.
    private func counted(layouts: [Double], seeds: [Double]?) throws -> MetricResult {
        var result = try MetricResult(metric: .instructions, samples: layouts)
        result.seedSamples = seeds
        return result
    }

    @Test func aCountThatMovesWithTheHeapIsJudgedAcrossHashSeeds() throws {
        let seeds = [266_234.0, 262_000, 281_500, 248_900, 270_100, 259_800]
        let before = try counted(layouts: [282_074, 281_900, 282_300], seeds: seeds)
        // A rebuild of unchanged code: the fixed seed's count moved 31 %, the seeds' did not.
        let rebuilt = try counted(layouts: [370_383, 370_100, 370_500], seeds: seeds.reversed().map { $0 + 900 })
        let unchanged = try Comparison(exact: before, candidate: rebuilt)
        #expect(unchanged.outcome == .noChange)
        #expect(unchanged.hashSeeds == 6)
        #expect(rebuilt.summary(judgedBy: unchanged).median != rebuilt.summary.median, "reports show the seeds judged")
        let slower = try counted(layouts: [282_074, 281_900, 282_300], seeds: seeds.map { $0 * 1.2 })
        #expect(try Comparison(exact: before, candidate: slower).outcome == .regression)
        #expect(try Comparison(exact: before, candidate: slower, thresholds: ComparisonThresholds(
            alpha: 0.05, noise: 0.05, exact: 0.25, confidence: 0.95)).outcome == .noChange, "within the tolerance")
    }

    @Test func aCountTheHeapDoesNotMoveIsJudgedToTheInstructionEvenWithSeeds() throws {
        // An untracked read: the layouts agree, so the fixed seed pins it; the seeds' spread
        // (hashing of plain values) must not hide one instruction more.
        let before = try counted(layouts: [31_129, 31_129, 31_129], seeds: [30_649, 31_300, 30_900, 31_000, 30_700, 31_200])
        let after = try counted(layouts: [31_130, 31_130, 31_130], seeds: [30_649, 31_300, 30_900, 31_000, 30_700, 31_200])
        let comparison = try Comparison(exact: before, candidate: after)
        #expect(comparison.outcome == .regression)
        #expect(comparison.hashSeeds == nil)
        let withoutSeeds = try counted(layouts: [20_164, 20_175, 20_175], seeds: nil)
        #expect(try Comparison(exact: withoutSeeds, candidate: before).hashSeeds == nil, "a side without seeds")
    }

    @Test func aZeroBaselineHasNoRelativeChange() throws {
        let comparison = try Comparison(metric: .count("bodyReruns"), baseline: [0], candidate: [1])
        #expect(comparison.relativeChange == nil)
        #expect(comparison.outcome == .regression)
    }

    @Test func rejectsEmptyOrNonFiniteSamples() {
        #expect(throws: StatisticsError.empty(role: "baseline")) {
            try Comparison(metric: .wallTime, baseline: [], candidate: [1])
        }
        #expect(throws: StatisticsError.empty(role: "candidate")) {
            try MannWhitneyU(baseline: [1], candidate: [])
        }
        #expect(throws: StatisticsError.nonFinite(role: "candidate", index: 1, value: -.infinity)) {
            try HodgesLehmann(baseline: [1], candidate: [1, -.infinity])
        }
    }
}
