import LatticeBench

/// The store's optimistic layers: `Optimistic`'s steps, each with what it costs and, for the
/// observed rows, whom it told.
extension SuiteTables {
    /// Every `Optimistic` benchmark the run measured, in name order: the step, its size and
    /// what the size counts, time (median [95% CI]), instructions, mallocs, and for the rows
    /// the notifications and bodies reached.
    /// - Complexity: O(benchmarks log benchmarks).
    func optimistic() -> TextTable {
        var table = TextTable(headers: ["step", "size", "time (median [95% CI])", "instructions", "mallocs",
                                          "notifications", "bodies"], numericFrom: 1)
        for (step, size, result) in index.steps({ benchmark in
            if case let .optimistic(step, size) = benchmark { (step, size) } else { nil }
        }) {
            let noun = ["cycle": ("row", "rows"), "rebase": ("layer", "layers"),
                        "rows": ("row observed", "rows observed"),
                        "oneRow": ("row observed, one written", "rows observed, one written")][step] ?? ("", "")
            let counted = size == 1 ? noun.0 : noun.1
            let cell = { (name: String) in
                result.metric(named: name).map { FigureText.figure($0) } ?? ""
            }
            table.append([step, "\(size.grouped) \(counted)", FigureText.figure(result.metric(named: Metric.wallTime.name)),
                          cell(Metric.instructions.name), cell(Metric.mallocs.name), cell("notifications"),
                          cell(SuiteBenchmark.CountName.bodies)])
        }
        return table
    }
}
