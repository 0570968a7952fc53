import LatticeBench

/// What one results file says once judged: the gate and its decision, the goals, the suite's
/// part of the report (its sections, the gain of what ships, its history figures), and the
/// history entry that records the run. Computed once and shared by BENCHMARKS.md, the dashboard
/// and the history.
struct Findings {
    /// The suite the results are of.
    let suite: any BenchmarkSuite
    /// The release gate: its decision, and whether the release may ship (the one outcome the
    /// reports print).
    private(set) var gate: ReleaseGate
    /// The goals of the limits file, judged on the same results (never gating).
    let goals: [LimitEvaluation]
    /// The suite's sections of the reports on these results, and its figures.
    private(set) var report: SuiteReport

    /// The findings of what `gate` judged: every figure the reports show is of the samples
    /// taken at the machine's reference pace, as the gate judged them.
    /// - Complexity: that of `LimitEvaluation.evaluate` over the goals, plus the suite's report.
    init(gate: ReleaseGate, suite: any BenchmarkSuite) {
        self.suite = suite
        self.gate = gate
        goals = LimitEvaluation.evaluate(gate.decision.limits.goals, against: gate.judgedResults)
        report = suite.report(of: JudgedRun(results: gate.judgedResults, limits: gate.decision.limits.file.limits,
                                            goals: goals, decided: gate.decision.decidedStrategy))
    }

    /// The results as judged (at the machine's reference pace).
    var results: ResultsFile { gate.judgedResults }

    /// The limits judged, strategy by strategy.
    var decision: Decision { gate.decision }

    /// The same findings with the limits file shipping `strategy` (what a full run records).
    /// - Complexity: that of `init`.
    func shipping(_ strategy: String) -> Findings {
        Findings(gate: gate.shipping(strategy), suite: suite)
    }

    /// The run's wall-time figures (one per benchmark timed) left undecided at the reference
    /// pace (`FigureText.isUndecided` is the rule), by benchmark name, and how many were timed.
    /// - Complexity: O(benchmarks).
    var timeFigures: (undecided: [String], total: Int) {
        var undecided: [String] = []
        var total = 0
        for benchmark in results.benchmarks {
            guard let time = benchmark.metric(named: Metric.wallTime.name) else { continue }
            total += 1
            if FigureText.isUndecided(time) { undecided.append(benchmark.name) }
        }
        return (undecided, total)
    }

    /// The share of decided time figures in words, naming each undecided one (the tables give
    /// why): `118 of 122 time figures decided at the machine's reference pace (4 undecided,
    /// 3.3 %: FanOut/read/8, ...)`.
    var timeFiguresSentence: String {
        let (undecided, total) = timeFigures
        let share = total == 0 ? "" : String(ValueFormat.percent(Double(undecided.count) / Double(total)).dropFirst())
        let names = undecided.isEmpty ? "" : ": " + undecided.joined(separator: ", ")
        return "\((total - undecided.count).grouped) of \(total.grouped) time figures decided at the machine's reference pace "
            + "(\(undecided.count.grouped) undecided\(share.isEmpty ? "" : ", \(share)")\(names))"
    }

    /// A judgement of the limit `id` in this run: the chain's (the shipped strategy's first, then
    /// any strategy's) or a decision record's; nil when no limit has the id. What the history's
    /// charts write a limit's figures by. - Complexity: O(evaluations).
    func evaluation(ofLimit id: String) -> LimitEvaluation? {
        let chain = (decision.shipped.map { [$0] } ?? []) + decision.steps
        return chain.lazy.flatMap(\.evaluations).first { $0.limit.id == id && $0.metric != nil }
            ?? decision.decisionRecords.lazy.flatMap(\.evaluations).first { $0.limit.id == id }
    }

    /// The run as a history entry: each limit's figure per strategy, each decision record's own
    /// limits' figures by limit, and the suite's figures, times also in paces.
    /// - Complexity: O(limits + the suite's figures).
    func historyEntry() -> HistoryEntry {
        var figures: [String: Double] = [:]
        var paces: [String: Double] = [:]
        for step in decision.steps {
            for evaluation in step.evaluations {
                guard let figure = evaluation.figure else { continue }
                figures["\(evaluation.limit.id)/\(step.strategy)"] = figure
                paces["\(evaluation.limit.id)/\(step.strategy)"] = evaluation.paceFigure?.value
            }
        }
        // A decision record's own limits name no strategy: each figure under the limit's id, or
        // under `<id>/<benchmark>` when the limit selects several benchmarks.
        for judgement in decision.decisionRecords {
            for limit in judgement.decisionRecord.limits {
                let evaluations = judgement.evaluations.filter { $0.limit.id == limit.id }
                for evaluation in evaluations {
                    guard let figure = evaluation.figure else { continue }
                    let key = evaluations.count == 1 ? limit.id : "\(limit.id)/\(evaluation.benchmark ?? limit.benchmark)"
                    figures[key] = figure
                    paces[key] = evaluation.paceFigure?.value
                }
            }
        }
        figures.merge(report.historyFigures) { _, suite in suite }
        paces.merge(report.historyPaces) { _, suite in suite }
        let outcome = decision.decidedStrategy.map { "\($0)Ships" } ?? "undecided"
        return HistoryEntry(commit: results.revision?.commit, dirty: results.revision?.dirty ?? false,
                            date: results.createdAt, decision: outcome, figures: figures,
                            referencePace: results.referencePace, paces: paces.isEmpty ? nil : paces)
    }
}
