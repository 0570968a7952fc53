import LatticeBench

/// A `@connection` list scrolled in a list view: `Pagination`'s steps by page, with what a
/// page cost and whom it told.
extension SuiteTables {
    /// Every `Pagination` benchmark the run measured, by step then page: time (median [95%
    /// CI]), instructions, mallocs, and for `load` the list bodies, rows already shown re-run,
    /// new rows and notifications of the load.
    /// - Complexity: O(benchmarks log benchmarks).
    func pagination() -> TextTable {
        var table = TextTable(headers: ["step", "page", "time (median [95% CI])", "instructions", "mallocs",
                                          "list bodies", "shown rows re-run", "new rows", "notifications"],
                              numericFrom: 1)
        for (step, page, result) in index.steps({ benchmark in
            if case let .pagination(step, page) = benchmark { (step, page) } else { nil }
        }) {
            let cell = { (name: String) in
                result.metric(named: name).map { FigureText.figure($0) } ?? ""
            }
            table.append([step, "\(page)", FigureText.figure(result.metric(named: Metric.wallTime.name)),
                          cell(Metric.instructions.name), cell(Metric.mallocs.name), cell("listBodies"),
                          cell("shownRowBodies"), cell("newRows"), cell("notifications")])
        }
        return table
    }
}
