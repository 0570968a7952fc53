import LatticeBench

/// The limits as judged, one row per limit and strategy: the measured figure beside its bound,
/// with n and the confidence interval whose pessimistic end was compared.
enum LimitTable {
    /// Rows for `derived`, then for the shipped strategy when it is another.
    static func table(_ decision: Decision) -> TextTable {
        var table = TextTable(headers: ["limit", "strategy", "benchmark", "measured", "95% CI of the figure",
                                        "n", "bound", "outcome"],
                              alignments: [.left, .left, .left, .right, .right, .right, .right, .left])
        var groups = [(Decision.candidate, decision.candidate)]
        if decision.limits.ships != Decision.candidate {
            groups.append((decision.limits.ships, decision.shipped))
        }
        for (strategy, evaluations) in groups {
            for evaluation in evaluations {
                let limit = evaluation.limit
                let unit = evaluation.metric?.unit ?? .count
                let format = { (value: Double) in ValueFormat.string(value, unit: unit) }
                let measured = evaluation.figure.map { "\(limit.statistic.rawValue) \(format($0))" } ?? FigureText.missing
                let interval = evaluation.interval.map { "[\(format($0.lower)), \(format($0.upper))]" }
                    ?? (evaluation.metric?.exact == true ? "exact"
                        : evaluation.cv.map { "none: CV \(FigureText.percent($0))" } ?? FigureText.missing)
                let benchmark = evaluation.benchmark
                    ?? limit.benchmark.replacingOccurrences(of: "{ships}", with: strategy)
                table.append([limit.id, strategy, benchmark, measured, interval,
                                   evaluation.n.map(String.init) ?? FigureText.missing,
                                   bound(limit, polarity: evaluation.metric?.polarity ?? .prefersSmaller, unit: unit),
                                   outcome(evaluation)])
            }
        }
        return table
    }

    /// The bound with its direction, e.g. `≤ 50.0 µs`.
    static func bound(_ limit: Limit, polarity: Metric.Polarity, unit: Metric.Unit) -> String {
        let relation = switch polarity {
        case .prefersSmaller: "≤"
        case .prefersLarger: "≥"
        }
        return "\(relation) \(ValueFormat.string(limit.bound, unit: unit))"
    }

    /// `passed`, `failed`, or `undecided: why`; for a judged interval, the end compared.
    static func outcome(_ evaluation: LimitEvaluation) -> String {
        let unit = evaluation.metric?.unit ?? .count
        let judged = evaluation.interval != nil
            ? evaluation.judged.map { " (judged on \(ValueFormat.string($0, unit: unit)))" } ?? "" : ""
        // A noisy figure decided by its range (`LimitEvaluation`) has no interval.
        let byRange = evaluation.metric?.exact == false && evaluation.interval == nil
        let nearest = evaluation.judged.map { ValueFormat.string($0, unit: unit) } ?? "?"
        switch evaluation.outcome {
        case .passed:
            return byRange ? "passed: every sample within the bound (the slowest \(nearest))" : "passed" + judged
        case .failed:
            return byRange ? "failed: every sample beyond the bound (the fastest \(nearest))" : "failed" + judged
        case .undecided(.benchmarkMissing(let pattern)): return "undecided: no benchmark matches \(pattern)"
        case .undecided(.metricMissing(let metric)): return "undecided: \(metric) not measured"
        case .undecided(.tooFewSamples(let n)): return "undecided: \(n) sample, too few to judge"
        case .undecided(.tooNoisy(let cv, let maxCV)):
            return "undecided: CV \(FigureText.percent(cv)) above \(FigureText.percent(maxCV))"
        }
    }
}
