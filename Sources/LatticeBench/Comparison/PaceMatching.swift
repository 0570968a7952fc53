import Foundation

/// Sets samples of two results side by side only where the machine ran at the same speed:
/// a side's reference speed, the fastest it reached (see `MachinePace`), and in paces when the
/// two sides' reference speeds differ.
///
/// On the shared lab machine a CPU spends seconds to minutes at a time about 1.7 times
/// slower than its best, and which state a run lands in is luck. A sample whose pace is
/// within `tolerance` of the reference was taken at the reference speed; comparing only
/// those compares the code. A benchmark with too few such samples on a side is undecided,
/// not a change. Two runs on different machines (or one machine whose best speed changed)
/// have different references: each side then keeps the samples at its own reference speed
/// and its times are divided by its own reference pace (`inPaces`, `PaceFigure`).
public struct PaceMatching: Sendable, Hashable {
    /// A sample is at reference speed when its pace is at most reference · (1 + tolerance).
    /// The two speeds' paces are about 1.8 times apart and each spreads by about 10 %.
    public static let tolerance = 0.25
    /// Fewest samples at reference speed a side needs for its benchmark to be compared.
    public static let minimumSamples = 8
    /// Two sides whose reference paces are within this fraction of each other ran at one
    /// speed: both are matched at the lower reference and compared in nanoseconds, the way
    /// docs/harness.md's compares of unchanged code were measured. Two runs of one machine
    /// read 1,182 and 1,182 ns; the lab machine and a slower one of its kind, 971 and
    /// 1,182 ns (22 % apart), where the slower side has almost no sample within `tolerance`
    /// of the faster one's reference and its times read 25 % slower for the same code.
    public static let sameSpeed = 0.03
    /// How far one benchmark's time in paces on one speed may sit from the same code's on
    /// another: a comparison in paces widens its noise band (`ComparisonThresholds.noise`) by
    /// this. The pace's workload slows with the machine as the runtime's code does, but not
    /// exactly: between the committed run (971 ns) and a slower machine of its kind
    /// (1,182 ns), the tracked phase reads agreed within 2.7 % (stored) and 5.2 %
    /// (rootVerdict) in paces, where their times were 25 % and 28 % apart.
    public static let acrossSpeeds = 0.05

    /// The reference pace, nanoseconds, this matching keeps samples near.
    public let reference: Double
    /// Whether the samples it keeps are divided by `reference` (`PaceFigure`): times in paces.
    public let inPaces: Bool

    /// The matching at a known reference pace, in nanoseconds or in paces.
    public init(reference: Double, inPaces: Bool = false) {
        self.reference = reference
        self.inPaces = inPaces
    }

    /// The two sides of a comparison, each matched by its own reference pace.
    public struct Sides: Sendable, Hashable {
        /// The baseline's matching.
        public let baseline: PaceMatching
        /// The candidate's matching.
        public let candidate: PaceMatching

        /// The matching of two results files by their reference paces
        /// (`ResultsFile.referencePace`): within `sameSpeed` of each other, one matching at the
        /// lower of the two in nanoseconds; otherwise each side at its own, in paces. Nil
        /// unless both recorded the machine's pace.
        /// - Complexity: O(p log p) over all pace samples.
        public init?(baseline: ResultsFile, candidate: ResultsFile) {
            guard let old = baseline.referencePace, let new = candidate.referencePace else { return nil }
            let lower = Swift.min(old, new)
            if Swift.max(old, new) <= lower * (1 + PaceMatching.sameSpeed) {
                self.baseline = PaceMatching(reference: lower)
                self.candidate = self.baseline
            } else {
                self.baseline = PaceMatching(reference: old, inPaces: true)
                self.candidate = PaceMatching(reference: new, inPaces: true)
            }
        }

        /// Whether times are compared in paces: the sides' reference paces differ.
        public var inPaces: Bool { baseline.inPaces }
    }

    /// `metric` as this matching's samples express it: in `Metric.Unit.paces` when `inPaces`
    /// and the metric is a time. - Complexity: O(1).
    public func expressing(_ metric: Metric) -> Metric {
        guard inPaces, metric.unit == .nanoseconds else { return metric }
        var paced = metric
        paced.unit = .paces
        return paced
    }

    /// The log medians of `metric` of `benchmark` at reference speed by round index, for the
    /// rounds of `rounds` that took `minimumSamples` samples at that speed (median positive).
    /// - Complexity: O(samples log samples).
    public func logRoundMedians(of benchmark: String, _ metric: String, in rounds: [ResultsFile]) -> [Int: Double] {
        var medians: [Int: Double] = [:]
        for (index, round) in rounds.enumerated() {
            guard let result = round.benchmark(named: benchmark), let values = result.metric(named: metric),
                  let matched = atReferenceSpeed(values, of: result), matched.count >= Self.minimumSamples
            else { continue }
            let median = SortedSamples(matched).median
            if median > 0 { medians[index] = log(median) }
        }
        return medians
    }

    /// The samples of `metric` of `benchmark` taken at reference speed and not disturbed by the
    /// scheduler (`kept(in:)`), in paces when `inPaces` and the metric is a time; nil when the
    /// benchmark recorded no pace sample for each of them.
    /// - Complexity: O(samples).
    public func atReferenceSpeed(_ metric: MetricResult, of benchmark: BenchmarkResult) -> [Double]? {
        kept(in: benchmark).flatMap { atReferenceSpeed(metric, kept: $0) }
    }

    /// Whether each timing sample of `benchmark` counts: its pace within `tolerance` of the
    /// reference and not disturbed by the scheduler (`Disturbance`); nil when it recorded no
    /// pace. Read once a benchmark, then applied to each of its metrics.
    /// - Complexity: O(samples).
    func kept(in benchmark: BenchmarkResult) -> [Bool]? {
        guard let pace = benchmark.metric(named: Metric.machinePace.name)?.samples else { return nil }
        let limit = reference * (1 + Self.tolerance)
        let disturbed = Disturbance.disturbed(in: benchmark).flatMap { $0.count == pace.count ? $0 : nil }
            ?? Array(repeating: false, count: pace.count)
        return zip(pace, disturbed).map { pace, disturbed in pace <= limit && !disturbed }
    }

    /// The samples of `metric` that `kept` keeps, in paces as `atReferenceSpeed(_:of:)` gives
    /// them; nil when the two are not in step. - Complexity: O(samples).
    func atReferenceSpeed(_ metric: MetricResult, kept: [Bool]) -> [Double]? {
        guard kept.count == metric.samples.count else { return nil }
        let samples = zip(metric.samples, kept).compactMap { sample, kept in kept ? sample : nil }
        guard expressing(metric.metric).unit == .paces else { return samples }
        return samples.compactMap { PaceFigure(nanoseconds: $0, reference: reference)?.value }
    }
}
