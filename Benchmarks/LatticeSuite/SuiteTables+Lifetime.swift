import LatticeBench

/// A list scrolled one query a page through the release buffer: `Lifetime`'s steps by page,
/// with what the store holds after the last.
extension SuiteTables {
    /// Every `Lifetime` benchmark the run measured, by step then page: time (median [95% CI]),
    /// the records and bytes the store holds after the last page, the collections the scroll
    /// ran, and mallocs.
    /// - Complexity: O(benchmarks log benchmarks).
    func lifetime() -> TextTable {
        var table = TextTable(headers: ["step", "page", "time (median [95% CI])", "records held", "bytes held",
                                          "collections", "mallocs"],
                              numericFrom: 1)
        for (step, page, result) in index.steps({ benchmark in
            if case let .lifetime(step, page) = benchmark { (step, page) } else { nil }
        }) {
            let cell = { (name: String) in
                result.metric(named: name).map { FigureText.figure($0) } ?? ""
            }
            table.append([step, "\(page)", FigureText.figure(result.metric(named: Metric.wallTime.name)),
                          cell(SuiteBenchmark.ObservedName.residentRecords), cell(SuiteBenchmark.ObservedName.residentBytes),
                          cell("collections"), cell(Metric.mallocs.name)])
        }
        return table
    }
}
