import LatticeBench

/// Whether a release may ship: the chain of designs judged (at the machine's reference pace),
/// its decision checked against the design the limits file ships and the runtime's default,
/// and, with a baseline, the results compared with it. The lab's `gate`. It fails closed: results with no benchmarks, or a
/// baseline and results that lack each other's benchmarks, make it exit 1, never 0.
public struct ReleaseGate {
    /// The decision the limits make.
    public let decision: Decision
    /// The comparison with the baseline, when one was given.
    public let comparison: ResultsComparison?
    /// Why the gate cannot judge its inputs whole, one line each (empty when it can): the
    /// results hold no benchmarks, or the comparison's gaps (the results are its candidate).
    public let gaps: [String]

    /// Judges `results` against `limits` and, when given, `baseline`.
    /// - Throws: `DocumentError.corrupt` naming `baselinePath` when the two cannot be compared.
    /// - Complexity: that of `Decision.init` plus `ResultsComparison.init`.
    public init(results: ResultsFile, limits: LimitsFile, runtimeDefault: String,
                baseline: (path: String, file: ResultsFile)? = nil) throws(DocumentError) {
        decision = Decision(limits: limits, results: results.atReferencePace(), runtimeDefault: runtimeDefault)
        guard let baseline else {
            comparison = nil
            gaps = results.benchmarks.isEmpty ? ["the results hold no benchmarks"] : []
            return
        }
        do {
            comparison = try ResultsComparison(baseline: baseline.file, candidate: results)
        } catch {
            throw .corrupt(file: baseline.path, path: "$", reason: "\(error)")
        }
        gaps = comparison?.gaps.map { "against \(baseline.path): \($0)" } ?? []
    }

    /// What the gate prints: the decision, then one line per reason it fails.
    public var lines: [String] {
        var lines = [decision.oneLine]
        if let line = decision.mismatchLine { lines.append(line) }
        for evaluation in decision.steps.flatMap(\.evaluations) where !evaluation.outcome.passed
            && evaluation.design == decision.limits.ships {
            lines.append(LimitReporter().line(for: evaluation))
        }
        if let comparison { lines += RegressionLine.lines(comparison) }
        return lines + gaps.map { "NOT JUDGED: \($0)" }
    }

    /// 0 ship; 3 a limit of the shipped strategy failed, is undecided, or the strategy is
    /// not the runtime's; 2 a regression against the baseline (3 outranks 2); 1 the gate
    /// cannot judge its inputs whole (`gaps`), which outranks both: a missing benchmark is a
    /// failed measurement, not a verdict on the code.
    public var status: ExitStatus {
        ExitStatus.worst([decision.gateStatus, gaps.isEmpty ? .ok : .couldNotRun]
                         + (comparison.map { [$0.exitStatus] } ?? []))
    }
}
