import LatticeBench

/// Lattice's sections of one judged run, made once and shared by the benchmarks page
/// (`SuiteSections+Page`), the dashboard (`SuiteSections+Dashboard`), the decision's gain line
/// and the history: the run's benchmarks by what they measure, their tables and their charts.
struct SuiteSections {
    /// The run as the lab judged it.
    let run: JudgedRun
    /// Its benchmarks, by what they measure.
    let index: SuiteIndex
    /// The tables both outputs show.
    let tables: SuiteTables
    /// The dashboard's charts.
    let charts: SuiteCharts

    /// The sections of `run`. - Complexity: O(benchmarks · name length) to index it.
    init(run: JudgedRun, suite: LatticeSuite) {
        self.run = run
        index = SuiteIndex(run.results)
        tables = SuiteTables(index: index)
        charts = SuiteCharts(index: index, timeBound: run.timeBound, palette: suite.palette)
    }

    /// Where `strategy`'s tracked read cost (median) crosses the phase read's limit as fields grow.
    /// - Complexity: O(read-scaling sizes).
    func crossover(of strategy: String) -> Crossover {
        guard let bound = run.timeBound else { return .unmeasured }
        let points = index.readScalingSizes.compactMap { size -> (size: Int, cost: Double)? in
            guard let time = index[.readScaling(strategy: strategy, fields: size)]?
                .metric(named: Metric.wallTime.name) else { return nil }
            return (size, time.summary.median)
        }
        return Crossover(points: points, bound: bound)
    }

    /// Each strategy's crossover in a sentence, `series` naming the strategy, over `bound`.
    func crossoverSentences(series: (String) -> String, bound: String) -> String {
        index.strategies.map {
            crossover(of: $0).sentence(series: series($0), bound: bound, unit: "fields") + "."
        }.joined(separator: " ")
    }

    /// The decided strategy against `stored`: the commit with the most retained handles (one
    /// handle reading it) and the tracked phase read on the largest operation; nil when the
    /// decided strategy is `stored` or a figure is missing.
    func gainLine() -> String? {
        guard let decided = run.decided, decided != StrategyName.stored,
              let handles = index.commitScalingSizes.last else { return nil }
        func time(_ benchmark: SuiteBenchmark) -> String? {
            index[benchmark]?.metric(named: Metric.wallTime.name).map { FigureText.median($0) }
        }
        guard let shippedCommit = time(.commitScaling(strategy: decided, handles: handles, touched: true)),
              let storedCommit = time(.commitScaling(strategy: StrategyName.stored, handles: handles, touched: true))
        else { return nil }
        var line = "What it gains over `stored`: a commit with \(handles.grouped) retained handles costs "
            + "\(shippedCommit) against \(storedCommit)"
        if let operation = index.phaseReadOperations.first,
           let shippedRead = time(.phaseRead(strategy: decided, operation: operation, tracked: true)),
           let storedRead = time(.phaseRead(strategy: StrategyName.stored, operation: operation, tracked: true)) {
            line += "; a tracked phase read on \(operation) costs \(shippedRead) against \(storedRead)"
        }
        return line + " (medians at the reference pace; the tables below give the intervals)."
    }

    /// What the history keeps of the run beside the limits' figures: each strategy's commit at the
    /// most retained handles (and in paces), and where `derived`'s read crosses its limit.
    /// - Complexity: O(strategies + read-scaling sizes).
    func historyFigures() -> (figures: [String: Double], paces: [String: Double]) {
        var figures: [String: Double] = [:]
        var paces: [String: Double] = [:]
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
        return (figures, paces)
    }
}
