/// A limit judged against one benchmark of a results file.
///
/// This is the one place a limit is judged; reports, the decision and the gate read its
/// outcome and never recompute it. Times are judged on the samples taken at the machine's
/// reference pace when the results were filtered by it (`ResultsFile.atReferencePace()`, which
/// the lab applies before judging); too few at pace leave a time undecided.
///
/// Noisy metrics: the figure's 95 % percentile-bootstrap interval is computed from the raw
/// samples (seeded, `Summary.defaultSeed`); the limit passes only when its pessimistic end
/// (the upper end for `.prefersSmaller`) is within the bound, and fails only when even its
/// optimistic end is beyond it. An interval that straddles the bound is undecided, and more
/// samples may decide it: under a neighbour's load a median of 0.96× against a bound of 1.50×
/// had its upper end at 2.62×, which says nothing of the code. Fewer than two samples
/// leave it undecided. A robust coefficient of variation (`Summary.robustCV`, from the
/// median absolute deviation: contention's long tail does not make a precise median look
/// noisy) above `maxCV` leaves it undecided too,
/// unless every sample lies on one side of the bound. On a shared machine contention only
/// ever adds time: when even the slowest sample is within the bound, the quiet figure is too
/// (passed); when even the fastest sample, the one nearest a quiet run, is beyond it, the
/// figure fails. The sample nearest the bound is then what was judged, with no interval.
/// Exact metrics: the figure itself is compared, with no interval and no noise check.
///
/// Ratio limits (`Limit.relativeTo`): the figure is the statistic of the benchmark over that
/// of its reference, each measured on its own; a noisy ratio's interval is bootstrapped from
/// both sides' samples. The range argument does not carry over to a ratio (contention that
/// slows the reference makes the ratio look better), so a too-noisy ratio stays undecided.
public struct LimitEvaluation: Codable, Sendable {
    /// The limit judged.
    public var limit: Limit
    /// The benchmark judged; nil when no benchmark matched.
    public var benchmark: String?
    /// For a ratio: the benchmark whose figure divides `benchmark`'s; nil otherwise or when
    /// none matched.
    public var reference: String?
    /// The decision.
    public var outcome: LimitOutcome
    /// The metric as measured (its unit and polarity); nil when missing.
    public var metric: Metric?
    /// The limit's statistic of the samples (for a ratio, the ratio of the two statistics);
    /// nil when missing.
    public var figure: Double?
    /// The figure's confidence interval; nil for exact metrics or when missing.
    public var interval: Interval?
    /// The value compared with the bound: the exact figure; for a noisy one the interval's end
    /// that decided it (the pessimistic end of a pass, the optimistic end of a failure), or the
    /// sample nearest the bound when the range decided it (`judgedBy`); nil when undecided.
    public var judged: Double?
    /// Samples behind the figure (for a ratio, the fewer of the two sides').
    public var n: Int?
    /// The samples' robust coefficient of variation (`Summary.robustCV`; for a ratio, the
    /// larger of the two sides').
    public var cv: Double?
    /// For a time filtered by pace: how many samples were taken at the reference pace (for a
    /// ratio, the side with fewer).
    public var referencePace: MetricResult.ReferencePace?

    /// The figure and its interval in paces (`PaceFigure`) for a limit on a time itself judged
    /// at the reference pace; nil for ratios, counts, figures not filtered by pace and too few
    /// samples at pace (a ratio of two times already travels between machines; samples of
    /// every speed are no multiple of the reference pace). - Complexity: O(1).
    public var paceFigure: PaceFigure? {
        guard limit.relativeTo == nil, metric?.unit == .nanoseconds, let figure, let referencePace,
              referencePace.suffices else { return nil }
        return PaceFigure(nanoseconds: figure, interval: interval, reference: referencePace.reference)
    }

    /// Judges every limit of `limits` against `results`: one evaluation per matching
    /// benchmark, or one undecided evaluation when none matches.
    /// - Complexity: O(limits · benchmarks · pattern) matching, plus one bootstrap
    ///   (O(2000 · n)) per noisy evaluation.
    public static func evaluate(_ limits: [Limit], against results: ResultsFile) -> [LimitEvaluation] {
        limits.flatMap { limit in
            let matches = results.benchmarks.filter { limit.selects($0.name) }
            guard !matches.isEmpty else {
                return [LimitEvaluation(limit: limit, benchmark: nil,
                                        outcome: .undecided(.benchmarkMissing(pattern: limit.benchmark)))]
            }
            return matches.map { LimitEvaluation(limit: limit, benchmark: $0, in: results) }
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

    /// Judges `limit` against one benchmark it selects (and, for a ratio, the reference
    /// benchmark of `results`).
    private init(limit: Limit, benchmark: BenchmarkResult, in results: ResultsFile) {
        self.init(limit: limit, benchmark: benchmark.name, outcome: .failed)
        guard let result = benchmark.metric(named: limit.metric) else {
            outcome = .undecided(.metricMissing(metric: limit.metric))
            return
        }
        metric = result.metric
        guard let pattern = limit.relativeTo else {
            judge(result)
            return
        }
        guard let other = results.benchmarks.first(where: { Limit.matches(pattern, $0.name) }) else {
            outcome = .undecided(.benchmarkMissing(pattern: pattern))
            return
        }
        reference = other.name
        guard let base = other.metric(named: limit.metric) else {
            outcome = .undecided(.metricMissing(metric: "\(limit.metric) of \(other.name)"))
            return
        }
        judge(result, over: base)
    }

    /// Judges one figure.
    private mutating func judge(_ result: MetricResult) {
        let summary = result.summary
        let polarity = result.metric.polarity
        figure = limit.statistic.value(in: summary)
        n = summary.n
        cv = summary.robustCV
        referencePace = result.referencePace
        let judged: Double
        if result.metric.exact {
            judged = limit.statistic.value(in: summary)
        } else {
            guard isJudgeable([result]) else { return }
            let maxCV = limit.maxCV ?? Limit.defaultMaxCV
            guard let cv = summary.robustCV, cv <= maxCV else {
                outcome = .undecided(.tooNoisy(cv: summary.robustCV, maxCV: maxCV))
                judgeByRange(result.samples, polarity: polarity)
                return
            }
            decide(bootstrap(result).interval(of: limit.statistic, estimate: limit.statistic.value(in: summary)),
                   polarity)
            return
        }
        self.judged = judged
        outcome = Self.within(judged, limit.bound, polarity) ? .passed : .failed
    }

    /// Judges the ratio of `result`'s figure to `base`'s.
    private mutating func judge(_ result: MetricResult, over base: MetricResult) {
        let polarity = result.metric.polarity
        let (top, bottom) = (limit.statistic.value(in: result.summary), limit.statistic.value(in: base.summary))
        n = Swift.min(result.summary.n, base.summary.n)
        cv = [result.summary.robustCV, base.summary.robustCV].compactMap { $0 }.max()
        referencePace = [result.referencePace, base.referencePace].compactMap { $0 }.min { $0.atPace < $1.atPace }
        guard bottom != 0 else {
            outcome = .undecided(.zeroReference(benchmark: reference ?? "?"))
            return
        }
        let ratio = top / bottom
        figure = ratio
        let judged: Double
        if result.metric.exact {
            judged = ratio
        } else {
            guard isJudgeable([result, base]) else { return }
            let maxCV = limit.maxCV ?? Limit.defaultMaxCV
            guard let cv, cv <= maxCV, result.summary.robustCV != nil, base.summary.robustCV != nil else {
                outcome = .undecided(.tooNoisy(cv: cv, maxCV: maxCV))
                return
            }
            // The two sides are resampled apart, each with a seed of its own.
            decide(Bootstrap.ratioInterval(of: limit.statistic, numerator: bootstrap(result),
                                           denominator: bootstrap(base, seed: Summary.defaultSeed &+ 1),
                                           estimate: ratio),
                   polarity)
            return
        }
        self.judged = judged
        outcome = Self.within(judged, limit.bound, polarity) ? .passed : .failed
    }

    /// Whether noisy `results` have enough samples, at the reference pace when filtered by it;
    /// sets the undecided outcome when not.
    private mutating func isJudgeable(_ results: [MetricResult]) -> Bool {
        if let short = results.compactMap(\.referencePace).first(where: { !$0.suffices }) {
            outcome = .undecided(.tooFewAtReferencePace(atPace: short.atPace, taken: short.taken))
            return false
        }
        if let fewest = results.map(\.summary.n).min(), fewest < 2 {
            outcome = .undecided(.tooFewSamples(n: fewest))
            return false
        }
        return true
    }

    private func bootstrap(_ result: MetricResult, seed: UInt64 = Summary.defaultSeed) -> Bootstrap {
        Bootstrap(samples: SortedSamples(result.samples), resamples: Summary.defaultResamples,
                  confidence: Summary.defaultConfidence, seed: seed)
    }

    /// Decides a noisy figure by its interval: passed when the pessimistic end is within the
    /// bound (`judged` is that end), failed when the optimistic end is beyond it (`judged` is
    /// that end, the one nearest the bound), undecided when the bound lies inside.
    private mutating func decide(_ interval: Interval, _ polarity: Metric.Polarity) {
        self.interval = interval
        let (pessimistic, optimistic) = switch polarity {
        case .prefersSmaller: (interval.upper, interval.lower)
        case .prefersLarger: (interval.lower, interval.upper)
        }
        if Self.within(pessimistic, limit.bound, polarity) {
            (outcome, judged) = (.passed, pessimistic)
        } else if !Self.within(optimistic, limit.bound, polarity) {
            (outcome, judged) = (.failed, optimistic)
        } else {
            outcome = .undecided(.straddlesBound(interval: interval, bound: limit.bound))
        }
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
