import LatticeBench

/// The response path's tables: every step's time with its throughput, and issue 15's goals
/// with where each stands.
extension SuiteTables {
    /// The steps whose time the reader's anchors are set beside.
    static let readerStep = "decode"
    /// Foundation's readers, measured on the same bytes in the same run.
    static let readerAnchors = ["JSONSerialization", "JSONDecoder"]

    /// Per input and step: time, MB/s (of the body), fields/s (of its data), instructions,
    /// mallocs, and for the reader and its anchors the time against the reader's.
    func responsePath() -> TextTable {
        var table = TextTable(headers: ["response", "step", "time (median [95% CI])", "MB/s", "fields/s",
                                          "instructions", "mallocs", "time / decode"], numericFrom: 2)
        let (inputs, steps) = index.responsePathCases
        for input in inputs {
            let reader = index[.responsePath(input: input, step: Self.readerStep)]?.metric(named: Metric.wallTime.name)
            for step in steps {
                guard let result = index[.responsePath(input: input, step: step)] else { continue }
                let time = result.metric(named: Metric.wallTime.name)
                let ratio = (step == Self.readerStep || Self.readerAnchors.contains(step))
                    ? Self.ratioText(time, over: reader) : ""
                table.append([input, step, FigureText.figure(time),
                              Self.rate(result, count: SuiteBenchmark.CountName.bytes, scale: 1e-6),
                              Self.rate(result, count: SuiteBenchmark.CountName.fields, scale: 1),
                              FigureText.figure(result.metric(named: Metric.instructions.name)),
                              FigureText.figure(result.metric(named: Metric.mallocs.name)), ratio])
            }
        }
        return table
    }

    /// `count` per second at the median time, times `scale` (1e-6 for MB/s).
    private static func rate(_ result: BenchmarkResult, count name: String, scale: Double) -> String {
        guard let count = result.metric(named: name)?.summary.median,
              let time = result.metric(named: Metric.wallTime.name)?.summary.median, time > 0 else { return FigureText.missing }
        let perSecond = count * 1e9 / time * scale
        return perSecond >= 1e6 ? "\(ResponsePathGoal.significant(perSecond / 1e6)) M"
            : ResponsePathGoal.significant(perSecond)
    }

    /// `time` over `reader`, with the interval the two medians' intervals allow.
    private static func ratioText(_ time: MetricResult?, over reader: MetricResult?) -> String {
        guard let ratio = ResponsePathGoal.ratio(time, over: reader) else { return FigureText.missing }
        return "\(ResponsePathGoal.times(ratio.estimate)) [\(ResponsePathGoal.times(ratio.lower)), "
            + "\(ResponsePathGoal.times(ratio.upper))]"
    }

    /// Each goal of the response path, its figure and interval, and whether it is met.
    func responsePathGoals() -> TextTable {
        var table = TextTable(headers: ["goal", "figure [95% CI]", "stands"], numericFrom: 1)
        for goal in ResponsePathGoal.all(inputs: index.responsePathCases.inputs) {
            let standing = goal.standing(in: index)
            table.append([goal.text, standing.figure, standing.outcome])
        }
        return table
    }
}
