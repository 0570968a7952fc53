import LatticeBench

/// The lifetime plateau on the dashboard: what the store holds after each page of a list
/// scrolled through the release buffer, records and bytes, which level off when record 0007 holds.
extension SuiteCharts {
    /// The records, then the bytes, the store holds after the last page of `scroll`, by page; a
    /// chart for each the run observed.
    /// - Complexity: O(benchmarks log benchmarks).
    func lifetimePlateau() -> [LineChart] {
        [(SuiteBenchmark.ObservedName.residentRecords, "records held", Self.count),
         (SuiteBenchmark.ObservedName.residentBytes, "bytes held", Self.bytes)].compactMap { metric, held, format in
            let series = stepLines(["scroll"], metric: metric) { benchmark in
                if case let .lifetime(step, page) = benchmark { (step, page) } else { nil }
            }
            guard !series.isEmpty else { return nil }
            return LineChart(title: "Lifetime: \(held) after the last page scrolled", xLabel: "pages scrolled",
                             yLabel: "\(held) (median)", xKind: .linear, yKind: .linear, series: series,
                             reference: nil, formatX: Self.count, formatY: format, palette: palette)
        }
    }
}
