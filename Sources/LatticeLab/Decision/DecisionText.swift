import LatticeBench

/// The decision in words, the same in BENCHMARKS.md and the dashboard: each strategy of the
/// chain with what it is and how it fared, the one line saying what ships and why, and what
/// the user gains by it against `stored` (the commit cost at the most retained handles and the
/// phase read, as measured).
struct DecisionText {
    let findings: Findings

    private var decision: Decision { findings.decision }

    /// What each strategy is, for the chain's headings.
    static func role(of strategy: String) -> String {
        switch strategy {
        case StrategyName.derived: "the phase derived when read (decision record 0001)"
        case StrategyName.rootVerdict: "the verdict settled at the commit, kept on the root, the phase derived from it"
        case StrategyName.stored: "the phase stored and settled after every commit (as built)"
        default: "a strategy of the chain"
        }
    }

    /// `passed`, `failed: a, b` or `undecided: a`.
    static func outcome(of step: Decision.Step) -> String {
        switch step.outcome {
        case .passed: "passed every limit"
        case .failed: "failed " + step.limits(.failed).joined(separator: ", ")
        case .undecided: "could not be judged on " + step.unpassed.joined(separator: ", ")
        }
    }

    /// What ships, and why, in one sentence.
    var shipsLine: String {
        guard let decided = decision.decidedStrategy else {
            return "Nothing is decided: a strategy of the chain could not be judged (\(decision.chainSummary)), and "
                + "the chain may not skip it."
        }
        let passed = decision.steps.first { $0.strategy == decided }?.outcome == .passed
        let reason = passed
            ? "the first strategy of the chain to pass every limit that applies to it"
            : "every strategy before it failed, so the last of the chain ships"
        return "`\(decided)` ships: \(reason) (\(decision.chainSummary))."
    }

    /// The shipped strategy against `stored`: the commit with the most retained handles (one
    /// handle reading it) and the tracked phase read on the largest operation; nil when the
    /// shipped strategy is `stored` or a figure is missing.
    var gainLine: String? {
        guard let decided = decision.decidedStrategy, decided != StrategyName.stored,
              let handles = findings.index.commitScalingSizes.last else { return nil }
        let index = findings.index
        func time(_ benchmark: SuiteBenchmark) -> String? {
            index[benchmark]?.metric(named: Metric.wallTime.name).map { FigureText.median($0) }
        }
        guard let shippedCommit = time(.commitScaling(strategy: decided, handles: handles, touched: true)),
              let storedCommit = time(.commitScaling(strategy: StrategyName.stored, handles: handles, touched: true))
        else { return nil }
        var line = "What it gains over `stored`: a commit with \(handles.grouped) retained handles costs "
            + "\(shippedCommit) against \(storedCommit)"
        if let operation = findings.index.phaseReadOperations.first,
           let shippedRead = time(.phaseRead(strategy: decided, operation: operation, tracked: true)),
           let storedRead = time(.phaseRead(strategy: StrategyName.stored, operation: operation, tracked: true)) {
            line += "; a tracked phase read on \(operation) costs \(shippedRead) against \(storedRead)"
        }
        return line + " (medians at the reference pace; the tables below give the intervals)."
    }
}
