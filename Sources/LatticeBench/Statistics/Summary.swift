/// The descriptive statistics of one metric's samples, as stored in results and shown in
/// reports.
///
/// Definitions (each checked against numpy/scipy by `scripts/stats_reference.py`):
/// - percentiles (`p25` ... `p99`, `median`): linear interpolation between closest ranks,
///   numpy's default (`numpy.percentile(x, q)`, Hyndman & Fan type 7);
/// - `mad`: the *unscaled* median absolute deviation, median(|x - median(x)|)
///   (`scipy.stats.median_abs_deviation(x)`, scale 1); multiply by 1.4826 for a
///   normal-consistent estimate of σ;
/// - `standardDeviation`: the sample standard deviation (n - 1 in the denominator);
/// - `cv`: `standardDeviation / |mean|`;
/// - `robustCV`: `1.4826 · mad / |median|`, which estimates the CV for normal samples;
/// - `medianInterval`: a percentile bootstrap of the median, seeded (see `Bootstrap`);
/// - `outliers`: Tukey's fences at 1.5 and 3 IQR around `p25` and `p75`.
public struct Summary: Codable, Sendable, Hashable {
    /// The seed used unless another is given: the ASCII bytes of "LATTICE!". Fixed so that
    /// the same samples print the same interval on every run.
    public static let defaultSeed: UInt64 = 0x4C41_5454_4943_4521
    /// Confidence level of `medianInterval` unless another is given: 0.95.
    public static let defaultConfidence = 0.95
    /// Bootstrap resamples unless another count is given: 2000 (Efron & Tibshirani advise at
    /// least 1000 for percentile intervals, whose ends are tail quantiles).
    public static let defaultResamples = 2000

    /// Number of samples.
    public var n: Int
    /// Smallest sample.
    public var min: Double
    /// 25th percentile (first quartile).
    public var p25: Double
    /// 50th percentile.
    public var median: Double
    /// 75th percentile (third quartile).
    public var p75: Double
    /// 90th percentile.
    public var p90: Double
    /// 99th percentile.
    public var p99: Double
    /// Largest sample.
    public var max: Double
    /// Arithmetic mean.
    public var mean: Double
    /// Sample standard deviation (n - 1 denominator); nil when n < 2.
    public var standardDeviation: Double?
    /// Unscaled median absolute deviation.
    public var mad: Double
    /// Coefficient of variation, `standardDeviation / |mean|`; nil when n < 2 or the mean is 0,
    /// where the spread relative to the mean is undefined (limits then stay undecided).
    public var cv: Double?
    /// Bootstrap confidence interval of the median.
    public var medianInterval: Interval

    /// The spread relative to the median, `1.4826 · mad / |median|`: the coefficient of
    /// variation a normal sample would have, taken from its middle half, so a few samples that
    /// contention stretched tenfold (this machine's noise comes as such a tail) do not make
    /// a precise median look noisy, as they make `cv`. What the lab's noise bounds (`maxCV`)
    /// judge. nil when the median is 0.
    public var robustCV: Double? {
        median == 0 ? nil : 1.4826 * mad / Swift.abs(median)
    }
    /// Tukey outlier counts (not removed from any statistic).
    public var outliers: Outliers

    /// Summarizes `samples` (any order; per-operation values in the metric's unit).
    ///
    /// - Parameters:
    ///   - confidence: level of `medianInterval`, in (0, 1).
    ///   - resamples: bootstrap resamples, at least 1.
    ///   - seed: bootstrap seed; the default makes reruns print the same interval.
    /// - Throws: `StatisticsError` for empty or non-finite samples or invalid parameters.
    /// - Complexity: O(n log n + resamples · n); skips the bootstrap when all samples are equal.
    public init(samples: [Double], confidence: Double = Summary.defaultConfidence,
                resamples: Int = Summary.defaultResamples,
                seed: UInt64 = Summary.defaultSeed) throws(StatisticsError) {
        try StatisticsError.validate(samples, role: "samples")
        guard confidence > 0, confidence < 1 else { throw .invalidConfidence(confidence) }
        guard resamples >= 1 else { throw .invalidResamples(resamples) }

        let sorted = SortedSamples(samples)
        let count = Double(samples.count)
        n = samples.count
        min = sorted.values[0]
        max = sorted.values[samples.count - 1]
        p25 = sorted.percentile(0.25)
        median = sorted.median
        p75 = sorted.percentile(0.75)
        p90 = sorted.percentile(0.9)
        p99 = sorted.percentile(0.99)
        let mean = samples.reduce(0, +) / count
        self.mean = mean
        if samples.count >= 2 {
            let squares = samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            let deviation = (squares / (count - 1)).squareRoot()
            standardDeviation = deviation
            cv = mean == 0 ? nil : deviation / Swift.abs(mean)
        } else {
            standardDeviation = nil
            cv = nil
        }
        let center = median
        mad = SortedSamples(samples.map { Swift.abs($0 - center) }).median
        outliers = Outliers(samples: samples, q1: p25, q3: p75)
        medianInterval = Bootstrap(samples: sorted, resamples: resamples,
                                   confidence: confidence, seed: seed)
            .interval(of: .median, estimate: median)
    }
}
