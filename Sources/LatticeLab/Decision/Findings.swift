import LatticeBench

/// What one results file says once judged: the gate and its decision, the read limit's bound,
/// where each strategy's read cost crosses it, and the history entry that records the run.
/// Computed once and shared by BENCHMARKS.md, the dashboard and the history.
struct Findings {
    /// The results as judged (at the machine's reference pace), indexed by what each
    /// benchmark measures.
    let index: SuiteIndex
    /// The release gate: its decision, and whether the release may ship (the one outcome the
    /// reports print).
    private(set) var gate: ReleaseGate

    /// The findings of what `gate` judged: every figure the reports show is of the samples
    /// taken at the machine's reference pace, as the gate judged them.
    /// - Complexity: O(benchmarks) to index them.
    init(gate: ReleaseGate) {
        index = SuiteIndex(gate.judgedResults)
        self.gate = gate
    }

    /// The limits judged, strategy by strategy.
    var decision: Decision { gate.decision }

    /// The goals of the limits file, judged on the same results (never gating).
    /// - Complexity: that of `LimitEvaluation.evaluate` over the goals.
    var goals: [LimitEvaluation] {
        LimitEvaluation.evaluate(decision.limits.goals, against: index.results)
    }

    /// The same findings with the limits file shipping `strategy` (what a full run records).
    /// - Complexity: O(1).
    func shipping(_ strategy: String) -> Findings {
        var findings = self
        findings.gate = gate.shipping(strategy)
        return findings
    }

    /// The bound of the first limit on a time itself, not a ratio (the phase read limit), in
    /// nanoseconds.
    var readBound: Double? {
        decision.limits.file.limits.first { $0.metric == Metric.wallTime.name && $0.relativeTo == nil }?.bound
    }

    /// The run's wall-time figures (one per benchmark timed) left undecided at the reference
    /// pace (`FigureText.isUndecided` is the rule), by benchmark name, and how many were timed.
    /// - Complexity: O(benchmarks).
    var timeFigures: (undecided: [String], total: Int) {
        var undecided: [String] = []
        var total = 0
        for benchmark in index.results.benchmarks {
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

    /// Where `strategy`'s tracked read cost (median) crosses `readBound` as fields grow.
    /// - Complexity: O(read-scaling sizes).
    func crossover(of strategy: String) -> Crossover {
        guard let bound = readBound else { return .unmeasured }
        let points = index.readScalingSizes.compactMap { size -> (size: Int, cost: Double)? in
            guard let time = index[.readScaling(strategy: strategy, fields: size)]?
                .metric(named: Metric.wallTime.name) else { return nil }
            return (size, time.summary.median)
        }
        return Crossover(points: points, bound: bound)
    }

    /// The run as a history entry, its time figures also in paces.
    /// - Complexity: O(limits + strategies), plus O(p log p) over the p pace samples.
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
        for strategy in index.strategies {
            if let largest = index.commitScalingSizes.last,
               let time = index[.commitScaling(strategy: strategy, handles: largest, touched: true)]?
                   .metric(named: Metric.wallTime.name) {
                figures["commit/\(largest)/\(strategy)"] = time.summary.median
                paces["commit/\(largest)/\(strategy)"] = time.paceFigure?.value
            }
        }
        if let size = crossover(of: StrategyName.derived).size {
            figures["crossoverFields"] = Double(size)
        }
        let outcome = decision.decidedStrategy.map { "\($0)Ships" } ?? "undecided"
        return HistoryEntry(commit: index.results.revision?.commit, dirty: index.results.revision?.dirty ?? false,
                            date: index.results.createdAt, decision: outcome, figures: figures,
                            referencePace: index.results.referencePace, paces: paces.isEmpty ? nil : paces)
    }
}
