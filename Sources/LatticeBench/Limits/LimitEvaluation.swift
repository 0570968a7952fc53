/// A limit judged against one benchmark of a results file.
///
/// This is the one place a limit is judged; reports, the decision and the gate read its
/// outcome and never recompute it.
///
/// Noisy metrics: the figure's 95 % percentile-bootstrap interval is computed from the raw
/// samples (seeded, `Summary.defaultSeed`), and the limit passes only when its pessimistic
/// end (the upper end for `.prefersSmaller`) is within the bound. Fewer than two samples
/// leave it undecided. A coefficient of variation above `maxCV` leaves it undecided too,
/// unless every sample lies on one side of the bound. On a shared machine contention only
/// ever adds time: when even the slowest sample is within the bound, the quiet figure is too
/// (passed); when even the fastest sample, the one nearest a quiet run, is beyond it, the
/// figure fails. The sample nearest the bound is then what was judged, with no interval.
/// Exact metrics: the figure itself is compared, with no interval and no noise check.
public struct LimitEvaluation: Codable, Sendable {
    /// The limit judged.
    public var limit: Limit
    /// The benchmark judged; nil when no benchmark matched.
    public var benchmark: String?
    /// The decision.
    public var outcome: LimitOutcome
    /// The metric as measured (its unit and polarity); nil when missing.
    public var metric: Metric?
    /// The limit's statistic of the samples; nil when missing.
    public var figure: Double?
    /// The figure's confidence interval; nil for exact metrics or when missing.
    public var interval: Interval?
    /// The value compared with the bound: the interval's pessimistic end, or the exact figure.
    public var judged: Double?
    /// Samples behind the figure.
    public var n: Int?
    /// The samples' coefficient of variation.
    public var cv: Double?

    /// Judges every limit of `limits` against `results`: one evaluation per matching
    /// benchmark, or one undecided evaluation when none matches.
    /// - Complexity: O(limits · benchmarks · pattern) matching, plus one bootstrap
    ///   (O(2000 · n)) per noisy evaluation.
    public static func evaluate(_ limits: LimitsFile, against results: ResultsFile) -> [LimitEvaluation] {
        limits.limits.flatMap { limit in
            let matches = results.benchmarks.filter { limit.selects($0.name, ships: limits.ships) }
            guard !matches.isEmpty else {
                let pattern = limit.benchmark.replacingOccurrences(of: "{ships}", with: limits.ships)
                return [LimitEvaluation(limit: limit, benchmark: nil,
                                        outcome: .undecided(.benchmarkMissing(pattern: pattern)))]
            }
            return matches.map { LimitEvaluation(limit: limit, benchmark: $0) }
        }
    }

    /// `.limitNotPassed` when any evaluation did not pass, else `.ok`.
    public static func exitStatus(of evaluations: [LimitEvaluation]) -> ExitStatus {
        evaluations.allSatisfy(\.outcome.passed) ? .ok : .limitNotPassed
    }

    private init(limit: Limit, benchmark: String?, outcome: LimitOutcome) {
        self.limit = limit
        self.benchmark = benchmark
        self.outcome = outcome
    }

    /// Judges `limit` against one benchmark it selects.
    private init(limit: Limit, benchmark: BenchmarkResult) {
        self.init(limit: limit, benchmark: benchmark.name, outcome: .failed)
        guard let result = benchmark.metric(named: limit.metric) else {
            outcome = .undecided(.metricMissing(metric: limit.metric))
            return
        }
        let summary = result.summary
        let polarity = result.metric.polarity
        metric = result.metric
        figure = limit.statistic.value(in: summary)
        n = summary.n
        cv = summary.cv
        let judged: Double
        if result.metric.exact {
            judged = limit.statistic.value(in: summary)
        } else {
            let maxCV = limit.maxCV ?? Limit.defaultMaxCV
            guard summary.n >= 2 else {
                outcome = .undecided(.tooFewSamples(n: summary.n))
                return
            }
            guard let cv = summary.cv, cv <= maxCV else {
                outcome = .undecided(.tooNoisy(cv: summary.cv, maxCV: maxCV))
                judgeByRange(result.samples, polarity: polarity)
                return
            }
            let interval = Bootstrap(samples: SortedSamples(result.samples),
                                     resamples: Summary.defaultResamples,
                                     confidence: Summary.defaultConfidence, seed: Summary.defaultSeed)
                .interval(of: limit.statistic, estimate: limit.statistic.value(in: summary))
            self.interval = interval
            switch polarity {
            case .prefersSmaller: judged = interval.upper
            case .prefersLarger: judged = interval.lower
            }
        }
        self.judged = judged
        outcome = Self.within(judged, limit.bound, polarity) ? .passed : .failed
    }

    /// A too-noisy figure decided by its range when every sample lies on one side of the
    /// bound: passed when even the worst sample is within it, failed when even the best is
    /// beyond it; `judged` is then that sample. Otherwise the outcome stays undecided.
    private mutating func judgeByRange(_ samples: [Double], polarity: Metric.Polarity) {
        guard let low = samples.min(), let high = samples.max() else { return }
        let (worst, best) = polarity == .prefersSmaller ? (high, low) : (low, high)
        if Self.within(worst, limit.bound, polarity) {
            (outcome, judged) = (.passed, worst)
        } else if !Self.within(best, limit.bound, polarity) {
            (outcome, judged) = (.failed, best)
        }
    }

    private static func within(_ value: Double, _ bound: Double, _ polarity: Metric.Polarity) -> Bool {
        switch polarity {
        case .prefersSmaller: value <= bound
        case .prefersLarger: value >= bound
        }
    }
}
