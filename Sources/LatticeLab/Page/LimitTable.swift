import LatticeBench

/// The limits as judged, strategy by strategy in the chain's order, one row per limit: the
/// measured figure beside its bound, with n (at the machine's reference pace, for times) and
/// the confidence interval whose pessimistic end was compared; a time also in paces
/// (`LimitEvaluation.paceFigure`), as it would read on another machine.
enum LimitTable {
    /// Every strategy's rows, in the chain's order.
    static func table(_ decision: Decision) -> TextTable {
        var table = TextTable(headers: ["strategy", "limit", "benchmark", "measured", "95% CI of the figure",
                                        "n", "bound", "outcome"],
                              alignments: [.left, .left, .left, .right, .right, .right, .right, .left])
        for step in decision.steps {
            for evaluation in step.evaluations {
                table.append([step.strategy] + row(evaluation))
            }
        }
        return table
    }

    /// The goals as judged (`LabLimits.goals`), one row each, as the chain's rows are.
    static func goals(_ evaluations: [LimitEvaluation]) -> TextTable {
        var table = TextTable(headers: ["goal", "benchmark", "measured", "95% CI of the figure", "n", "bound", "outcome"],
                              alignments: [.left, .left, .right, .right, .right, .right, .left])
        for evaluation in evaluations { table.append(row(evaluation)) }
        return table
    }

    /// The table of a suite's section: the suite's own, or its goals as every goal is shown.
    static func table(of content: ReportSection.Content) -> TextTable {
        switch content {
        case .table(let table): table
        case .goals(let evaluations): goals(evaluations)
        }
    }

    /// A judged limit's cells from its id on: the benchmark, the figure (and in paces), its
    /// interval, n, the bound and the outcome.
    private static func row(_ evaluation: LimitEvaluation) -> [String] {
        let limit = evaluation.limit
        let statistic = limit.relativeTo == nil ? limit.statistic.rawValue : "\(limit.statistic.rawValue) ratio"
        let paces = evaluation.paceFigure.map { " = " + ValueFormat.string($0.value, unit: .paces) } ?? ""
        let measured = evaluation.figure.map { "\(statistic) \(evaluation.text($0))\(paces)" } ?? FigureText.missing
        let intervalPaces = evaluation.paceFigure.flatMap(\.interval).map {
            " = [\(ValueFormat.string($0.lower, unit: .paces)), \(ValueFormat.string($0.upper, unit: .paces))]"
        } ?? ""
        let interval = evaluation.interval.map { "[\(evaluation.text($0.lower)), \(evaluation.text($0.upper))]\(intervalPaces)" }
            ?? (evaluation.metric?.exact == true ? "exact"
                : evaluation.cv.map { "none: robust CV \(FigureText.percent($0))" } ?? FigureText.missing)
        return [limit.id, evaluation.subject, measured, interval, samples(evaluation), bound(evaluation), outcome(evaluation)]
    }

    /// `412 of 1,000 at pace` for a time filtered by pace, else the count of samples.
    static func samples(_ evaluation: LimitEvaluation) -> String {
        if let pace = evaluation.referencePace {
            return "\(pace.atPace.grouped) of \(pace.taken.grouped) at pace"
        }
        return evaluation.n.map { $0.grouped } ?? FigureText.missing
    }

    /// The bound with its direction, e.g. `≤ 50.0 µs` or `≤ 1.50×`.
    static func bound(_ evaluation: LimitEvaluation) -> String {
        let relation = switch evaluation.metric?.polarity ?? .prefersSmaller {
        case .prefersSmaller: "≤"
        case .prefersLarger: "≥"
        }
        return "\(relation) \(evaluation.text(evaluation.limit.bound))"
    }

    /// `passed`, `failed`, or `undecided: why`; for a judged interval, the end compared.
    static func outcome(_ evaluation: LimitEvaluation) -> String {
        var judged = ""
        if evaluation.interval != nil, let name = evaluation.judgedName, let value = evaluation.judged {
            judged = " (\(name) \(evaluation.text(value)))"
        }
        // A noisy figure decided by its range (`LimitEvaluation`) has no interval.
        let byRange = evaluation.metric?.exact == false && evaluation.interval == nil
        let nearest = evaluation.judged.map(evaluation.text) ?? "?"
        switch evaluation.outcome {
        case .passed:
            return byRange ? "passed: every sample within the bound (the slowest \(nearest))" : "passed" + judged
        case .failed:
            return byRange ? "failed: every sample beyond the bound (the fastest \(nearest))" : "failed" + judged
        case .undecided:
            return "undecided: \(evaluation.undecidedText ?? "")"
        }
    }
}
