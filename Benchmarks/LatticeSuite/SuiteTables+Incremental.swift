import LatticeBench

/// An answer in parts: `Incremental`'s steps by size, with what each cost and, for a part
/// landing, whom it told.
extension SuiteTables {
    /// Every `Incremental` benchmark the run measured, by step then size: time (median [95%
    /// CI]), instructions, mallocs, and for `part` the bodies that read the part and the others.
    /// - Complexity: O(benchmarks log benchmarks).
    func incremental() -> TextTable {
        var table = TextTable(headers: ["step", "size", "time (median [95% CI])", "instructions", "mallocs",
                                          "part's bodies", "other bodies"],
                              numericFrom: 1)
        for (step, size, result) in index.steps({ benchmark in
            if case let .incremental(step, size) = benchmark { (step, size) } else { nil }
        }) {
            let cell = { (name: String) in
                result.metric(named: name).map { FigureText.figure($0) } ?? ""
            }
            table.append([step, "\(size)", FigureText.figure(result.metric(named: Metric.wallTime.name)),
                          cell(Metric.instructions.name), cell(Metric.mallocs.name), cell("partBodies"),
                          cell("otherBodies")])
        }
        return table
    }
}
