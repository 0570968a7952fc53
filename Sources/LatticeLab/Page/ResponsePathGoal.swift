import Foundation
import LatticeBench

/// One goal of the response path (issue 15), judged on a run: met when its whole interval is on the right side of
/// the bound, missed when it is wholly on the wrong side, else undecided. Times come with the 95 % interval of their median; a rate or a ratio with the
/// interval its medians' intervals allow (conservative: the extremes of both).
struct ResponsePathGoal {
    /// What a goal measures.
    enum Measure {
        /// The anchor's time over the reader's on one input: at least `bound`.
        case readerSpeedup(input: String, anchor: String)
        /// The reader's mallocs against the values that may allocate, plus its two stacks.
        case readerAllocations(input: String)
        /// A step's time on one input: at most `bound` nanoseconds.
        case time(input: String, step: String)
        /// Fields a second of a step on one input: at least `bound`.
        case fieldsPerSecond(input: String, step: String)
    }

    let text: String
    let measure: Measure
    let bound: Double

    /// The goals for the inputs measured (a goal whose input was not measured is left out).
    static func all(inputs: [String]) -> [ResponsePathGoal] {
        let goals = inputs.map { input in
            ResponsePathGoal(text: "\(input): the reader at least 2.5 × as fast as JSONSerialization",
                             measure: .readerSpeedup(input: input, anchor: "JSONSerialization"), bound: 2.5)
        } + inputs.map { input in
            ResponsePathGoal(text: "\(input): at most one allocation per container (and per long string)",
                             measure: .readerAllocations(input: input), bound: 0)
        } + [
            ResponsePathGoal(text: "Feed (26 records): bytes to store under 250 µs",
                             measure: .time(input: "Feed", step: "commit"), bound: 250_000),
            ResponsePathGoal(text: "Feed (26 records): publish under 90 µs",
                             measure: .time(input: "Feed", step: "publish"), bound: 90_000),
            ResponsePathGoal(text: "List100k: normalization at least 1,000,000 fields/s",
                             measure: .fieldsPerSecond(input: "List100k", step: "normalize"), bound: 1_000_000),
        ]
        return goals.filter { inputs.contains($0.input) }
    }

    private var input: String {
        switch measure {
        case .readerSpeedup(let input, _), .readerAllocations(let input), .time(let input, _),
             .fieldsPerSecond(let input, _): input
        }
    }

    /// The figure and the goal's outcome on `index`'s run.
    func standing(in index: SuiteIndex) -> (figure: String, outcome: String) {
        let time = { (step: String) in
            index[.responsePath(input: input, step: step)]?.metric(named: Metric.wallTime.name)
        }
        switch measure {
        case .readerSpeedup(_, let anchor):
            guard let ratio = Self.ratio(time(anchor), over: time(SuiteTables.readerStep)) else { return unmeasured }
            return ("\(Self.times(ratio.estimate)) [\(Self.times(ratio.lower)), \(Self.times(ratio.upper))]",
                    outcome(lower: ratio.lower, upper: ratio.upper, atLeast: true))
        case .readerAllocations:
            let decode = index[.responsePath(input: input, step: SuiteTables.readerStep)]
            guard let mallocs = decode?.metric(named: Metric.mallocs.name)?.summary.median,
                  let values = decode?.metric(named: SuiteBenchmark.CountName.allocatingValues)?.summary.median
            else { return unmeasured }
            // Beside one allocation per value, the reader's two stacks, which grow by doubling.
            let stacks = bound + 2 * log2(max(values, 1)).rounded(.up)
            return ("\(Int(mallocs).grouped) mallocs for \(Int(values).grouped) containers and long strings "
                        + "(and at most \(Int(stacks)) for the reader's stacks)",
                    mallocs - values <= stacks ? "met" : "missed")
        case .time(_, let step):
            guard let result = time(step) else { return unmeasured }
            return (FigureText.figure(result), FigureText.isUndecided(result) ? "undecided (noisy)"
                        : outcome(lower: result.summary.medianInterval.lower,
                                  upper: result.summary.medianInterval.upper, atLeast: false))
        case .fieldsPerSecond(_, let step):
            guard let result = index[.responsePath(input: input, step: step)],
                  let fields = result.metric(named: SuiteBenchmark.CountName.fields)?.summary.median,
                  let time = result.metric(named: Metric.wallTime.name), time.summary.median > 0,
                  time.summary.medianInterval.lower > 0 else { return unmeasured }
            guard !FigureText.isUndecided(time) else { return (FigureText.figure(time), "undecided (noisy)") }
            let rate = { (nanoseconds: Double) in fields * 1e9 / nanoseconds }
            let (estimate, lower, upper) = (rate(time.summary.median), rate(time.summary.medianInterval.upper),
                                            rate(time.summary.medianInterval.lower))
            return ("\(Self.millions(estimate)) [\(Self.millions(lower)), \(Self.millions(upper))]",
                    outcome(lower: lower, upper: upper, atLeast: true))
        }
    }

    private var unmeasured: (figure: String, outcome: String) { (FigureText.missing, "not measured") }

    private func outcome(lower: Double, upper: Double, atLeast: Bool) -> String {
        let met = atLeast ? lower >= bound : upper <= bound
        let missed = atLeast ? upper < bound : lower > bound
        return met ? "met" : missed ? "missed" : "undecided"
    }

    /// `time` over `reader` with the conservative interval of their medians; nil unless both
    /// are measured and decided.
    static func ratio(_ time: MetricResult?, over reader: MetricResult?)
        -> (estimate: Double, lower: Double, upper: Double)? {
        guard let time, let reader, reader.summary.median > 0, reader.summary.medianInterval.lower > 0,
              !FigureText.isUndecided(time), !FigureText.isUndecided(reader) else { return nil }
        return (time.summary.median / reader.summary.median,
                time.summary.medianInterval.lower / reader.summary.medianInterval.upper,
                time.summary.medianInterval.upper / reader.summary.medianInterval.lower)
    }

    /// `2.50 ×`.
    static func times(_ ratio: Double) -> String { "\(significant(ratio)) ×" }

    /// `2.26 M/s`.
    static func millions(_ perSecond: Double) -> String { "\(significant(perSecond / 1e6)) M/s" }

    /// Three significant digits (or the whole number from 100 up): `2.50`, `18.1`, `1,204`.
    static func significant(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 100 else { return value.isFinite ? Int(value.rounded()).grouped : "\(value)" }
        return String(format: abs(value) >= 10 ? "%.1f" : "%.2f", value)
    }
}
