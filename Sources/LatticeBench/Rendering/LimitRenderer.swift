/// Limit evaluations as one line each, for the gate's output: the outcome first (PASS, FAIL,
/// UNDECIDED), then the limit, the benchmark, and the figure against its bound, or why no
/// decision was made.
public struct LimitRenderer: Sendable {
    /// Whether to colour outcomes (green, red, yellow).
    public var colour: Bool

    /// Creates a renderer.
    public init(colour: Bool = false) {
        self.colour = colour
    }

    /// All lines, in order. - Complexity: O(evaluations).
    public func render(_ evaluations: [LimitEvaluation]) -> String {
        evaluations.map { line(for: $0) + "\n" }.joined()
    }

    /// The line for one evaluation, e.g. `FAIL phase-read PhaseRead/derived/Big/tracked: wallTime
    /// median 51.0 µs, 95% CI lower 50.9 µs > bound 50.5 µs`: the figure it names, then the
    /// value that decided (`LimitEvaluation.judgedName`).
    public func line(for evaluation: LimitEvaluation) -> String {
        let limit = evaluation.limit
        let (word, style): (String, TextTable.Style) = switch evaluation.outcome {
        case .passed: ("PASS", .green)
        case .failed: ("FAIL", .red)
        case .undecided: ("UNDECIDED", .yellow)
        }
        let outcome = colour ? "\u{1B}[\(style.rawValue)m\(word)\u{1B}[0m" : word
        return "\(outcome) \(limit.id) \(evaluation.subject): \(detail(evaluation))"
    }

    private func detail(_ evaluation: LimitEvaluation) -> String {
        let limit = evaluation.limit
        let format = evaluation.text
        switch evaluation.outcome {
        case .undecided:
            return "\(limit.metric): \(evaluation.undecidedText ?? "")"
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
            let statistic = limit.relativeTo == nil ? limit.statistic.rawValue : "\(limit.statistic.rawValue) ratio"
            guard let judgedName = evaluation.judgedName else {
                return "\(limit.metric) \(statistic) \(figure) \(relation) bound \(format(limit.bound))"
            }
            return "\(limit.metric) \(statistic) \(figure), \(judgedName) \(judged) \(relation) bound \(format(limit.bound))"
        }
    }
}
