import Foundation

extension LimitEvaluation {
    /// `value` as the limit's figure reads: in the metric's unit, or as a ratio (`1.02×`) for a
    /// limit relative to another benchmark.
    public func text(_ value: Double) -> String {
        limit.relativeTo == nil ? ValueFormat.string(value, unit: metric?.unit ?? .count)
            : String(format: "%.2f×", value)
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
        }
    }
}
