import Foundation

extension LimitEvaluation {
    /// `value` as the limit's figure reads: in the metric's unit, or as a ratio (`1.02×`) for a
    /// limit relative to another benchmark.
    public func text(_ value: Double) -> String {
        limit.relativeTo == nil ? ValueFormat.string(value, unit: metric?.unit ?? .count)
            : String(format: "%.2f×", value)
    }

    /// Which value `judged` is, as a line names it: `95% CI upper` (the interval's end that
    /// decided), `slowest sample` or `fastest sample` (the range decided a too-noisy figure);
    /// nil for an exact figure or an undecided one. - Complexity: O(1).
    public var judgedName: String? {
        guard judged != nil, let metric, !metric.exact else { return nil }
        let smaller = metric.polarity == .prefersSmaller
        guard let interval else {
            // The range decides a pass by its worst sample and a failure by its best.
            return outcome.passed == smaller ? "slowest sample" : "fastest sample"
        }
        let upper = outcome.passed == smaller
        return "\(Int((interval.confidence * 100).rounded()))% CI \(upper ? "upper" : "lower")"
    }

    /// Why the limit is undecided, in words, its figures in the limit's unit; nil when decided.
    public var undecidedText: String? {
        guard case .undecided(let reason) = outcome else { return nil }
        guard case .straddlesBound(let interval, let bound) = reason else { return reason.description }
        let median = figure.map { "\(limit.statistic.rawValue) \(text($0)), " } ?? ""
        return "\(median)\(Int((interval.confidence * 100).rounded()))% CI [\(text(interval.lower)), "
            + "\(text(interval.upper))] holds the bound \(text(bound)): neither within nor beyond it"
    }

    /// What was judged: `PhaseRead/rootVerdict/Dashboard/tracked`, or for a ratio
    /// `CommitScaling/rootVerdict/10000/untouched ÷ CommitScaling/rootVerdict/10/untouched`.
    public var subject: String {
        let benchmark = benchmark ?? limit.benchmark
        guard let relativeTo = limit.relativeTo else { return benchmark }
        return "\(benchmark) ÷ \(reference ?? relativeTo)"
    }
}

extension LimitOutcome.Reason: CustomStringConvertible {
    /// Why the limit could not be decided, in words.
    public var description: String {
        switch self {
        case .benchmarkMissing(let pattern): "no benchmark matches \(pattern)"
        case .metricMissing(let metric): "\(metric) not measured"
        case .tooFewSamples(let n): "\(n) sample\(n == 1 ? "" : "s"), too few to judge"
        case .tooNoisy(let cv, let maxCV):
            "robust CV \(cv.map { String(ValueFormat.percent($0).dropFirst()) } ?? "undefined (mean 0)") "
                + "above \(ValueFormat.percent(maxCV).dropFirst()) at the reference pace"
        case .tooFewAtReferencePace(let atPace, let taken):
            "\(atPace) of \(taken) samples at the machine's reference pace, too few to judge"
        case .zeroReference(let benchmark): "the reference \(benchmark) measured 0"
        case .straddlesBound(let interval, let bound):
            String(format: "the interval [%.4g, %.4g] holds the bound %.4g: neither within nor beyond it",
                   interval.lower, interval.upper, bound)
        }
    }
}
