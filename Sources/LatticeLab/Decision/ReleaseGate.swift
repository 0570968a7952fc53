import LatticeBench

/// Whether a release may ship: the lab's one gate. The chain of strategies is judged (at the
/// machine's reference pace), its decision checked against the strategy the limits file ships
/// and the runtime's default, every decision record checked against the limits that watch it,
/// and, with a baseline, the results compared with it. `lattice
/// gate` exits with its `status`; BENCHMARKS.md, the dashboard and the decision's one line
/// print its `outcome`, so the page and the exit code cannot disagree. It fails closed:
/// results with no benchmarks, or a baseline and results that lack each other's benchmarks,
/// make it exit 1, never 0.
public struct ReleaseGate {
    /// The decision the limits make.
    public private(set) var decision: Decision
    /// The comparison with the baseline, when one was given.
    public let comparison: ResultsComparison?
    /// Why the gate cannot judge its inputs whole, one line each (empty when it can): the
    /// results hold no benchmarks, or the comparison's gaps (the results are its candidate).
    public let gaps: [String]
    /// The baseline's path as given, for the reason that names it.
    private let baselinePath: String?
    /// The strategy the runtime ships (`PhaseStrategy.shipped`), which the lab cannot know by
    /// itself: the gate fails while it differs from the limits file's `ships`.
    private let runtimeDefault: String
    /// The results as the limits judged them, at the machine's reference pace: the figures
    /// the reports show beside the gate.
    let judgedResults: ResultsFile

    /// Judges `results` against `limits` and, when given, `baseline`. The baseline's exact
    /// figures are compared with the tolerances of the limits file's `baseline` entries, as
    /// `lattice check` and `lattice compare --limits` compare them: one rule for how far an
    /// exact figure may move, whichever command judges it (without them, a report against the
    /// committed baseline would call every rebuild's hash-driven movement a regression).
    /// - Throws: `JSONFileError.corrupt` naming `baseline.path` when the two cannot be compared.
    /// - Complexity: that of `Decision.init` plus `ResultsComparison.init`.
    public init(results: ResultsFile, limits: LabLimits, runtimeDefault: String,
                baseline: (path: String, file: ResultsFile)? = nil) throws(JSONFileError) {
        judgedResults = results.atReferencePace()
        decision = Decision(limits: limits, results: judgedResults)
        self.runtimeDefault = runtimeDefault
        baselinePath = baseline?.path
        guard let baseline else {
            comparison = nil
            gaps = results.benchmarks.isEmpty ? ["the results hold no benchmarks"] : []
            return
        }
        do {
            comparison = try ResultsComparison(baseline: baseline.file,
                                               candidate: Baseline.comparable(results, against: baseline.file),
                                               exactTolerance: { limits.file.baselineTolerance(for: $0)?.tolerance })
        } catch {
            throw .corrupt(file: baseline.path, path: "$", reason: "\(error)")
        }
        gaps = comparison?.gaps.map { "against \(baseline.path): \($0)" } ?? []
    }

    /// The same gate with the limits file shipping `strategy` (what a full run records before
    /// its reports are written): nothing is judged again. - Complexity: O(1).
    func shipping(_ strategy: String) -> ReleaseGate {
        var gate = self
        gate.decision = decision.shipping(strategy)
        return gate
    }

    /// Why the decision, the limits file's `ships` and the runtime's default disagree, when
    /// they do: one line.
    private var shipsMismatch: String? {
        let ships = decision.limits.ships
        if let decided = decision.decidedStrategy, decided != ships {
            return "the run decides \(decided) but the limits file ships \(ships): "
                + "a full run (scripts/bench.sh) writes the decision there"
        }
        guard runtimeDefault != ships else { return nil }
        return "the limits file ships \(ships) but the runtime's default (PhaseStrategy.shipped) is "
            + "\(runtimeDefault): change PhaseStrategy.shipped to \(ships)"
    }

    /// Why the gate fails on the strategy itself (exit 3), in one line; nil when the chain
    /// decides the strategy the limits file ships, that strategy passes every limit of its own,
    /// and it is the runtime's default.
    private var strategyFailure: String? {
        guard decision.decidedStrategy != nil else {
            let undecided = decision.steps.first { $0.outcome == .undecided }?.strategy ?? "a strategy"
            return "nothing is decided: \(undecided) could not be judged, and the chain may not skip it"
        }
        if let shipsMismatch { return shipsMismatch }
        let ships = decision.limits.ships
        guard let shipped = decision.shipped else { return "\(ships) is not a strategy of the chain" }
        switch shipped.outcome {
        case .passed: return nil
        case .failed: return "\(ships) ships as the last of the chain but failed "
            + shipped.limits(.failed).joined(separator: ", ")
        case .undecided: return "\(ships) could not be judged on " + shipped.unpassed.joined(separator: ", ")
        }
    }

    /// Why the gate fails on a decision record (exit 3), in one line; nil when every record holds
    /// or is not watched. A record whose limit could not be judged fails it too, as an undecided
    /// limit of the shipped strategy does: the gate fails closed, and a busy machine must not
    /// pass a record it could not check. A record no limit watches passes: it was stated with no
    /// limit on purpose, and the reports list it as not watched.
    private var recordFailure: String? {
        let failing = decision.decisionRecords.filter { $0.status == .reopens || $0.status == .undecided }
        guard let first = failing.first(where: { $0.status == .reopens }) ?? failing.first else { return nil }
        let more = failing.count > 1 ? " (and \(failing.count - 1) more decision records)" : ""
        return "decision record \(first.decisionRecord.id) (\(first.decisionRecord.title)) \(first.summary)\(more)"
    }

    /// 0 ship; 3 a limit of the shipped strategy failed, is undecided, or the strategy is
    /// not the one decided or not the runtime's, or a decision record reopens or is undecided; 2 a regression against the baseline (3
    /// outranks 2); 1 the gate cannot judge its inputs whole (`gaps`), which outranks both: a
    /// missing benchmark is a failed measurement, not a judgement on the code.
    public var status: ExitStatus {
        ExitStatus.worst([strategyFailure == nil && recordFailure == nil ? .ok : .limitNotPassed,
                          gaps.isEmpty ? .ok : .couldNotRun]
                         + (comparison.map { [$0.exitStatus] } ?? []))
    }

    /// Why the gate exits with `status`, in one line: the worst reason it fails, in the
    /// order of `status` (the first of several of that kind, with how many more), or what passed.
    public var reason: String {
        if !gaps.isEmpty { return "not judged: " + Self.first(of: gaps) }
        if let strategyFailure { return strategyFailure + loadNote }
        if let recordFailure { return recordFailure + loadNote }
        let regressions = comparison?.regressions ?? []
        if !regressions.isEmpty {
            let named = regressions.map { "\($0.benchmark) \($0.comparison.metric.name)" }
            return "\(regressions.count) significant \(regressions.count == 1 ? "regression" : "regressions") "
                + "against \(baselinePath ?? "the baseline"): " + Self.first(of: named)
        }
        let against = baselinePath.map { ", and no figure regressed against \($0)" } ?? ""
        let records = decision.decisionRecords
        let holding = records.filter { $0.status == .holds }.count
        let recordsText = records.isEmpty ? "" : "; \(holding) of \(records.count) decision records hold"
            + (holding == records.count ? "" : ", the others not watched")
        return "\(decision.limits.ships) is decided, shipped by the limits file and the runtime's default, "
            + "and passes every limit of its own\(recordsText)\(against)"
    }

    /// The gate's one outcome, its status and reason, as the page and the one line print it
    /// after "the gate": `passes (exit 0): rootVerdict is decided, …` or `fails (exit 2): 1
    /// significant regression against results/baseline.json: PhaseRead/… wallTime`.
    public var outcome: String {
        "\(status == .ok ? "passes" : "fails") (exit \(status.rawValue)): \(reason)"
    }

    /// The decision in one line with the gate's outcome, what `lattice report` and `lattice
    /// gate` print first, e.g. `decision: rootVerdict ships (derived failed
    /// phase-read-largest; rootVerdict passed 5 of 5 limits); the release ships rootVerdict;
    /// the gate passes (exit 0): …`.
    public var oneLine: String {
        "\(decision.oneLine); the gate \(outcome)"
    }

    /// What the gate prints: the one line, then one line per reason it fails (the strategy's,
    /// each decision record that reopens or is undecided, the regressions, the gaps).
    public var lines: [String] {
        var lines = [oneLine]
        if let shipsMismatch { lines.append("SHIPS " + shipsMismatch) }
        for evaluation in decision.shipped?.evaluations ?? [] where !evaluation.outcome.passed {
            lines.append(LimitRenderer().line(for: evaluation))
        }
        for record in decision.decisionRecords where record.status == .reopens || record.status == .undecided {
            lines.append("RECORD \(record.decisionRecord.id) \(record.summary)")
        }
        if let comparison { lines += RegressionLine.lines(comparison) }
        return lines + gaps.map { "NOT JUDGED: \($0)" }
    }

    /// When a limit the gate reads is undecided and the scheduler disturbed some of the run's
    /// timed samples: `; machine loaded: 412 of 500 timed samples preempted`, so that a gate that
    /// fails closed under a neighbour's load says so; empty otherwise. - Complexity: O(benchmarks).
    private var loadNote: String {
        let undecided = (decision.shipped?.evaluations ?? []) + decision.decisionRecords.flatMap(\.evaluations)
        guard undecided.contains(where: { if case .undecided = $0.outcome { true } else { false } }) else { return "" }
        let counts = judgedResults.benchmarks.compactMap { $0.metric(named: Metric.wallTime.name)?.referencePace }
        let disturbed = counts.compactMap(\.disturbed).reduce(0, +)
        guard disturbed > 0 else { return "" }
        return "; machine loaded: \(disturbed) of \(counts.map(\.taken).reduce(0, +)) timed samples preempted"
    }

    /// The first of `items` with how many more: `a` or `a and 2 more`.
    private static func first(of items: [String]) -> String {
        (items.first ?? "") + (items.count > 1 ? " and \(items.count - 1) more" : "")
    }
}
