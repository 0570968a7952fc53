import LatticeBench

/// What one results file says once judged: the decision, the read limit's bound, where each
/// strategy's read cost crosses it, and the history entry that records the run. Computed
/// once and shared by BENCHMARKS.md, the dashboard and the history.
struct Findings {
    /// The results, indexed by what each benchmark measures.
    let index: SuiteIndex
    /// The limits judged for `derived` and for the shipped strategy.
    let decision: Decision

    /// Judges `limits` against `results`; `runtimeDefault` is the strategy the runtime ships.
    /// - Complexity: that of `Decision.init`.
    init(results: ResultsFile, limits: LimitsFile, runtimeDefault: String?) {
        index = SuiteIndex(results)
        decision = Decision(limits: limits, results: results, runtimeDefault: runtimeDefault)
    }

    /// The bound of the first limit on a time metric (the phase read limit), in nanoseconds.
    var readBound: Double? {
        decision.limits.limits.first { $0.metric == Metric.wallTime.name }?.bound
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

    /// The run as a history entry. - Complexity: O(limits + strategies).
    func historyEntry() -> HistoryEntry {
        var figures: [String: Double] = [:]
        for strategy in index.strategies {
            var limits = decision.limits
            limits.ships = strategy
            for evaluation in LimitEvaluation.evaluate(limits, against: index.results) {
                guard let figure = evaluation.figure else { continue }
                figures["\(evaluation.limit.id)/\(strategy)"] = figure
            }
            if let largest = index.commitScalingSizes.last,
               let time = index[.commitScaling(strategy: strategy, handles: largest)]?
                   .metric(named: Metric.wallTime.name) {
                figures["commit/\(largest)/\(strategy)"] = time.summary.median
            }
        }
        if let size = crossover(of: Decision.candidate).size {
            figures["crossoverFields"] = Double(size)
        }
        let outcome = switch decision.outcome {
        case .derivedShips: "derivedShips"
        case .storedShips: "storedShips"
        case .undecided: "undecided"
        }
        return HistoryEntry(commit: index.results.revision?.commit, dirty: index.results.revision?.dirty ?? false,
                            date: index.results.createdAt, decision: outcome, figures: figures)
    }
}
