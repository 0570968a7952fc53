/// A limit judged against one benchmark of a results file.
///
/// Noisy metrics: the figure's 95 % percentile-bootstrap interval is computed from the raw
/// samples (seeded, `Summary.defaultSeed`), and the limit passes only when its pessimistic
/// end (the upper end for `.prefersSmaller`) is within the bound; a coefficient of variation
/// above `maxCV`, or fewer than two samples, leaves it undecided. Exact metrics: the figure
/// itself is compared, with no interval and no noise check.
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
        let within: Bool
        switch polarity {
        case .prefersSmaller: within = judged <= limit.bound
        case .prefersLarger: within = judged >= limit.bound
        }
        outcome = within ? .passed : .failed
    }
}
