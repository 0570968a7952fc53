import LatticeBench

/// Whether a release may ship: the limits judged for the strategy the limits file ships,
/// that strategy checked against the runtime's default, and, with a baseline, the results
/// compared with it. The lab's `gate`.
public struct ReleaseGate {
    /// The decision the limits make.
    public let decision: Decision
    /// The comparison with the baseline, when one was given.
    public let comparison: ResultsComparison?

    /// Judges `results` against `limits` and, when given, `baseline`.
    /// - Throws: `DocumentError.corrupt` naming `baselinePath` when the two cannot be compared.
    /// - Complexity: that of `Decision.init` plus `ResultsComparison.init`.
    public init(results: ResultsFile, limits: LimitsFile, runtimeDefault: String,
                baseline: (path: String, file: ResultsFile)? = nil) throws(DocumentError) {
        decision = Decision(limits: limits, results: results, runtimeDefault: runtimeDefault)
        guard let baseline else {
            comparison = nil
            return
        }
        do {
            comparison = try ResultsComparison(baseline: baseline.file, candidate: results)
        } catch {
            throw .corrupt(file: baseline.path, path: "$", reason: "\(error)")
        }
    }

    /// What the gate prints: the decision, then one line per reason it fails.
    public var lines: [String] {
        var lines = [decision.oneLine]
        if let line = decision.mismatchLine { lines.append(line) }
        for evaluation in decision.shipped where !evaluation.outcome.passed {
            lines.append(LimitReporter().line(for: evaluation))
        }
        if let comparison { lines += RegressionLine.lines(comparison) }
        return lines
    }

    /// 0 ship; 3 a limit of the shipped strategy failed, is undecided, or the strategy is
    /// not the runtime's; 2 a regression against the baseline (3 outranks 2).
    public var status: ExitStatus {
        ExitStatus.worst([decision.gateStatus] + (comparison.map { [$0.exitStatus] } ?? []))
    }
}
