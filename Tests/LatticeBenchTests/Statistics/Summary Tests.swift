import Testing
@testable import LatticeBench

/// Tolerances against numpy/scipy (relative to max(1, |expected|)):
/// - order statistics and percentiles, MAD: 1e-12 (same interpolation, only rounding differs);
/// - mean, standard deviation, CV: 1e-12 (numpy sums pairwise, we sum left to right);
/// - Tukey counts and n: exact.
@Suite struct SummaryTests {
    @Test(arguments: ScipyReference.summaries)
    func matchesNumpyAndScipy(_ reference: ScipyReference.SummaryCase) throws {
        let summary = try Summary(samples: reference.samples)
        #expect(summary.n == reference.n)
        let pairs: [(String, Double?, Double?)] = [
            ("min", summary.min, reference.min), ("p25", summary.p25, reference.p25),
            ("median", summary.median, reference.median), ("p75", summary.p75, reference.p75),
            ("p90", summary.p90, reference.p90), ("p99", summary.p99, reference.p99),
            ("max", summary.max, reference.max), ("mean", summary.mean, reference.mean),
            ("standardDeviation", summary.standardDeviation, reference.standardDeviation),
            ("mad", summary.mad, reference.mad), ("cv", summary.cv, reference.cv),
        ]
        for (name, actual, expected) in pairs {
            #expect(isClose(actual, expected, relative: 1e-12),
                    "\(name): \(String(describing: actual)) vs scipy \(String(describing: expected))")
        }
        #expect(summary.outliers == Outliers(mildLow: reference.mildLow, mildHigh: reference.mildHigh,
                                             severeLow: reference.severeLow,
                                             severeHigh: reference.severeHigh))
    }

    @Test func bootstrapIntervalIsReproducibleAndSeedDependent() throws {
        let samples = try #require(ScipyReference.summaries.first).samples
        let first = try Summary(samples: samples)
        let again = try Summary(samples: samples.reversed())
        let otherSeed = try Summary(samples: samples, seed: 7)
        #expect(first.medianInterval == again.medianInterval)
        #expect(first.medianInterval != otherSeed.medianInterval)
        #expect(first.medianInterval.contains(first.median))
        #expect(first.medianInterval.lower < first.median)
        #expect(first.medianInterval.upper > first.median)
        #expect(first.medianInterval.confidence == 0.95)
    }

    @Test func widerConfidenceGivesAWiderInterval() throws {
        let samples = try #require(ScipyReference.summaries.first).samples
        let narrow = try Summary(samples: samples, confidence: 0.5).medianInterval
        let wide = try Summary(samples: samples, confidence: 0.99).medianInterval
        #expect(wide.lower <= narrow.lower)
        #expect(wide.upper >= narrow.upper)
        #expect(wide.upper - wide.lower > narrow.upper - narrow.lower)
    }

    @Test func aSingleSampleHasNoSpreadAndAPointInterval() throws {
        let summary = try Summary(samples: [42])
        #expect(summary.standardDeviation == nil)
        #expect(summary.cv == nil)
        #expect(summary.mad == 0)
        #expect(summary.medianInterval == Interval(lower: 42, upper: 42, confidence: 0.95))
    }

    @Test func tiedSamplesHaveAPointIntervalAndNoOutliers() throws {
        let summary = try Summary(samples: [3, 3, 3, 3])
        #expect(summary.medianInterval.lower == 3)
        #expect(summary.medianInterval.upper == 3)
        #expect(summary.cv == 0)
        #expect(summary.outliers.total == 0)
    }

    @Test func aZeroMeanHasNoCoefficientOfVariation() throws {
        #expect(try Summary(samples: [-1, 1]).cv == nil)
    }

    @Test func rejectsInputItCannotSummarize() {
        #expect(throws: StatisticsError.empty(role: "samples")) { try Summary(samples: []) }
        #expect(throws: StatisticsError.self) { try Summary(samples: [1, .nan]) }
        #expect(throws: StatisticsError.nonFinite(role: "samples", index: 0, value: .infinity)) {
            try Summary(samples: [.infinity])
        }
        #expect(throws: StatisticsError.invalidConfidence(1)) {
            try Summary(samples: [1, 2], confidence: 1)
        }
        #expect(throws: StatisticsError.invalidResamples(0)) {
            try Summary(samples: [1, 2], resamples: 0)
        }
    }
}
