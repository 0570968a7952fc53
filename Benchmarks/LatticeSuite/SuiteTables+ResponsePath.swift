import LatticeBench

/// The response path's tables: every step's time with its throughput, and issue 15's goals
/// as the limits file's `goals` judged them.
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
        return perSecond >= 1e6 ? "\(FigureText.significant(perSecond / 1e6)) M"
            : FigureText.significant(perSecond)
    }

    /// `time` over `reader`, with the interval the two medians' intervals allow.
    private static func ratioText(_ time: MetricResult?, over reader: MetricResult?) -> String {
        guard let ratio = ratio(time, over: reader) else { return FigureText.missing }
        return "\(FigureText.times(ratio.estimate)) [\(FigureText.times(ratio.lower)), "
            + "\(FigureText.times(ratio.upper))]"
    }

    /// `time` over `reader` with the conservative interval of their medians (the extremes of
    /// both); nil unless both are measured and decided. Shown beside the steps, never judged:
    /// the reader's goals are the limits file's (`responsePathGoals`).
    private static func ratio(_ time: MetricResult?, over reader: MetricResult?)
        -> (estimate: Double, lower: Double, upper: Double)? {
        guard let time, let reader, reader.summary.median > 0, reader.summary.medianInterval.lower > 0,
              !FigureText.isUndecided(time), !FigureText.isUndecided(reader) else { return nil }
        return (time.summary.median / reader.summary.median,
                time.summary.medianInterval.lower / reader.summary.medianInterval.upper,
                time.summary.medianInterval.upper / reader.summary.medianInterval.lower)
    }

    /// Whether a judged goal bounds a step of the response path: its section shows it, the
    /// goals table the others. - Complexity: O(length of the goal's benchmark pattern).
    static func boundsResponsePath(_ goal: LimitEvaluation) -> Bool {
        guard case .responsePath? = SuiteBenchmark(name: goal.limit.benchmark) else { return false }
        return true
    }

    /// The goals among `goals` (the limits file's, judged: `JudgedRun.goals`) that bound a step
    /// of the response path: their judgement is the one `LimitEvaluation` made, and the lab shows
    /// them as it shows every goal. - Complexity: O(goals).
    static func responsePathGoals(_ goals: [LimitEvaluation]) -> [LimitEvaluation] {
        goals.filter(boundsResponsePath)
    }
}
