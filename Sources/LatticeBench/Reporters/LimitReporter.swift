/// Limit evaluations as one line each, for the gate's output: the outcome first (PASS, FAIL,
/// UNDECIDED), then the limit, the benchmark, and the figure against its bound, or why no
/// decision was made.
public struct LimitReporter: Sendable {
    /// Whether to colour outcomes (green, red, yellow).
    public var colour: Bool

    /// Creates a reporter.
    public init(colour: Bool = false) {
        self.colour = colour
    }

    /// All lines, in order. - Complexity: O(evaluations).
    public func render(_ evaluations: [LimitEvaluation]) -> String {
        evaluations.map { line(for: $0) + "\n" }.joined()
    }

    /// The line for one evaluation, e.g.
    /// `FAIL phase-read PhaseRead/derived/Big/tracked: wallTime median 50.0 µs, 95% CI upper 50.9 µs > bound 50.5 µs`.
    public func line(for evaluation: LimitEvaluation) -> String {
        let limit = evaluation.limit
        let (word, style): (String, TextTable.Style) = switch evaluation.outcome {
        case .passed: ("PASS", .green)
        case .failed: ("FAIL", .red)
        case .undecided: ("UNDECIDED", .yellow)
        }
        let outcome = colour ? "\u{1B}[\(style.rawValue)m\(word)\u{1B}[0m" : word
        let subject = "\(outcome) \(limit.id) \(evaluation.benchmark ?? limit.benchmark)"
        return "\(subject): \(detail(evaluation))"
    }

    private func detail(_ evaluation: LimitEvaluation) -> String {
        let limit = evaluation.limit
        let unit = evaluation.metric?.unit ?? .count
        let format = { (value: Double) in ValueFormat.string(value, unit: unit) }
        switch evaluation.outcome {
        case .undecided(.benchmarkMissing(let pattern)):
            return "no benchmark matches \(pattern)"
        case .undecided(.metricMissing(let metric)):
            return "\(metric) was not measured"
        case .undecided(.tooFewSamples(let n)):
            return "\(limit.metric) has \(n) sample, too few to judge its noise"
        case .undecided(.tooNoisy(let cv, let maxCV)):
            let measured = cv.map { ValueFormat.percent($0).dropFirst() } ?? "undefined (mean 0)"
            return "\(limit.metric) CV \(measured) is above \(ValueFormat.percent(maxCV).dropFirst()); "
                + "rerun on a quieter machine"
        case .passed, .failed:
            let figure = evaluation.figure.map(format) ?? "?"
            let judged = evaluation.judged.map(format) ?? "?"
            let polarity = evaluation.metric?.polarity ?? .prefersSmaller
            let relation = switch (polarity, evaluation.outcome.passed) {
            case (.prefersSmaller, true): "≤"
            case (.prefersSmaller, false): ">"
            case (.prefersLarger, true): "≥"
            case (.prefersLarger, false): "<"
            }
            guard let interval = evaluation.interval else {
                return "\(limit.metric) \(limit.statistic.rawValue) \(figure) \(relation) bound \(format(limit.bound))"
            }
            let end = switch polarity {
            case .prefersSmaller: "upper"
            case .prefersLarger: "lower"
            }
            return "\(limit.metric) \(limit.statistic.rawValue) \(figure), "
                + "\(Int((interval.confidence * 100).rounded()))% CI \(end) \(judged) \(relation) bound \(format(limit.bound))"
        }
    }
}
