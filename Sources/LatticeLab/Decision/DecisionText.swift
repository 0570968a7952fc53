import LatticeBench

/// The decision in words, the same in BENCHMARKS.md and the dashboard: each strategy of the
/// chain with what it is and how it fared, the one line saying what ships and why, and what
/// the user gains by it (the suite's line).
struct DecisionText {
    let findings: Findings

    private var decision: Decision { findings.decision }

    /// What `strategy` is, for the chain's headings: the suite's words (`BenchmarkSuite.role`).
    func role(of strategy: String) -> String { findings.suite.role(of: strategy) }

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

    /// What the decided strategy gains, as the suite says it (`SuiteReport.gain`); nil when it
    /// says nothing.
    var gainLine: String? { findings.report.gain }
}
