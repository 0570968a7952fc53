import Foundation

/// Baseline against candidate for one metric: the test, the shift, the relative change and
/// the outcome.
///
/// Noisy metrics: `.noChange` when the Mann-Whitney p >= alpha, or when the whole
/// Hodges-Lehmann interval lies within ±noise·|baseline median|; otherwise the sign of the
/// Hodges-Lehmann estimate and the metric's polarity decide regression or improvement.
/// Exact metrics: the medians are compared directly (no test, no interval). A change must
/// exceed both exact·|baseline median| and the exact floor, and move the whole range of the
/// samples: an instruction count carries one sample per heap layout, and a difference that
/// stays within the spread those layouts show is where the heap put the objects, not the code.
public struct Comparison: Codable, Sendable {
    /// The metric compared (its polarity and exactness decide the outcome).
    public var metric: Metric
    /// Median of the baseline samples.
    public var baselineMedian: Double
    /// Median of the candidate samples.
    public var candidateMedian: Double
    /// (candidate median - baseline median) / |baseline median|; nil when the baseline
    /// median is 0.
    public var relativeChange: Double?
    /// The rank test; nil for exact metrics.
    public var test: MannWhitneyU?
    /// The shift estimate and its interval when samples were compared; nil for exact metrics
    /// and for comparisons by rounds.
    public var shift: HodgesLehmann?
    /// The shift when rounds were compared (`RoundShift`); nil otherwise.
    public var roundShift: RoundShift?
    /// The conclusion.
    public var outcome: ChangeOutcome
    /// For an exact metric judged across hash seeds (`init(exact:candidate:thresholds:)`):
    /// the fewer of the two sides' seed counts; nil when the samples themselves were judged.
    public var hashSeeds: Int?

    /// The p-value of the test that judged the metric; nil for exact and undecided ones.
    public var pValue: Double? { test?.pValue ?? roundShift?.pValue }

    /// A comparison by rounds: the medians shown are of the samples given (those at reference
    /// speed), the outcome is the round shift's. A change needs `discovered` (the shift's
    /// p-value survived the suite's false discovery control) and the shift itself beyond
    /// ±noise: with few rounds a side, a significant shift smaller than the noise band is more
    /// often the luck of which processes ran than the code. Its sign and the polarity decide.
    /// - Throws: `StatisticsError` for empty or non-finite samples.
    /// - Complexity: O(n log n).
    public init(metric: Metric, baseline: [Double], candidate: [Double], roundShift: RoundShift,
                discovered: Bool, thresholds: ComparisonThresholds = .default)
        throws(StatisticsError) {
        try StatisticsError.validate(baseline, role: "baseline")
        try StatisticsError.validate(candidate, role: "candidate")
        self.metric = metric
        baselineMedian = SortedSamples(baseline).median
        candidateMedian = SortedSamples(candidate).median
        relativeChange = exp(roundShift.logShift) - 1
        test = nil
        shift = nil
        self.roundShift = roundShift
        if !discovered || Swift.abs(exp(roundShift.logShift) - 1) <= thresholds.noise {
            outcome = .noChange
        } else {
            outcome = ChangeOutcome.change(of: roundShift.logShift, polarity: metric.polarity)
        }
    }

    /// An `.undecided` comparison of all of `baseline`'s and `candidate`'s samples: medians
    /// and relative change shown, nothing tested.
    /// - Throws: `StatisticsError` for empty or non-finite samples.
    /// - Complexity: O(n log n).
    public init(undecided metric: Metric, baseline: [Double], candidate: [Double]) throws(StatisticsError) {
        try StatisticsError.validate(baseline, role: "baseline")
        try StatisticsError.validate(candidate, role: "candidate")
        self.metric = metric
        baselineMedian = SortedSamples(baseline).median
        candidateMedian = SortedSamples(candidate).median
        relativeChange = baselineMedian == 0 ? nil : (candidateMedian - baselineMedian) / Swift.abs(baselineMedian)
        test = nil
        shift = nil
        roundShift = nil
        outcome = .undecided
    }

    /// Compares `candidate` with `baseline` (per-operation samples of `metric`).
    /// - Throws: `StatisticsError` for empty or non-finite samples or bad thresholds.
    /// - Complexity: O(n log n) with n = n₁ + n₂ (see `MannWhitneyU`, `HodgesLehmann`).
    public init(metric: Metric, baseline: [Double], candidate: [Double],
                thresholds: ComparisonThresholds = .default) throws(StatisticsError) {
        try StatisticsError.validate(baseline, role: "baseline")
        try StatisticsError.validate(candidate, role: "candidate")
        self.metric = metric
        baselineMedian = SortedSamples(baseline).median
        candidateMedian = SortedSamples(candidate).median
        let difference = candidateMedian - baselineMedian
        let scale = Swift.abs(baselineMedian)
        relativeChange = scale == 0 ? nil : difference / scale

        roundShift = nil
        if metric.exact {
            test = nil
            shift = nil
            let separated = (candidate.min() ?? 0) > (baseline.max() ?? 0)
                || (candidate.max() ?? 0) < (baseline.min() ?? 0)
            let tolerance = Swift.max(thresholds.exact * scale, thresholds.exactFloor)
            outcome = separated && Swift.abs(difference) > tolerance
                ? ChangeOutcome.change(of: difference, polarity: metric.polarity)
                : .noChange
            return
        }
        let test = try MannWhitneyU(baseline: baseline, candidate: candidate)
        let shift = try HodgesLehmann(baseline: baseline, candidate: candidate,
                                      confidence: thresholds.confidence)
        self.test = test
        self.shift = shift
        let band = thresholds.noise * scale
        if test.pValue >= thresholds.alpha
            || (shift.interval.lower >= -band && shift.interval.upper <= band) {
            outcome = .noChange
        } else {
            outcome = ChangeOutcome.change(of: shift.estimate, polarity: metric.polarity)
        }
    }
}
