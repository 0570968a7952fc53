import LatticeBench

/// The record's page beside its system on the dashboard: each published row this run measured
/// (`ReferenceSystemFigures`, as the record's table reads it) a bar of Lattice's median on a
/// logarithmic axis, the published best marked across it and the published medians as a band.
extension SuiteCharts {
    /// One chart per unit of the rows (the times, then the image's bytes), the rows in the
    /// table's order; empty when the run measured none of them. A row whose divisor was not
    /// counted is left out, as the table shows it without a figure.
    /// - Complexity: O(rows).
    func recordPage() -> [MarkedBarChart] {
        var units: [Metric.Unit] = []
        var bars: [Metric.Unit: [MarkedBarChart.Bar]] = [:]
        var quantities: [Metric.Unit: Set<String>] = [:]
        for row in ReferenceSystemFigures.rows {
            guard let measured = index.measured(row), let scale = measured.scale,
                  let benchmark = row.benchmark else { continue }
            let summary = measured.figure.summary
            let median = summary.median / scale
            let low = summary.medianInterval.lower / scale, high = summary.medianInterval.upper / scale
            let medians = row.figure.medians
            // A time per field says so on its bar; another quantity names itself in the title.
            let per = row.quantity.isTime ? row.quantity.per.map { " ÷ \($0)" } ?? "" : ""
            let bar = MarkedBarChart.Bar(
                label: benchmark.name + per, value: median, interval: min(low, high)...max(low, high),
                mark: row.figure.best, markRange: medians.lowerBound < medians.upperBound ? medians : nil,
                decided: !FigureText.isUndecided(measured.figure),
                annotation: "\(FigureText.times(row.ratioToBest(median))) the published best", detail: row.measurement)
            if bars[row.quantity.unit] == nil { units.append(row.quantity.unit) }
            bars[row.quantity.unit, default: []].append(bar)
            if !row.quantity.isTime { quantities[row.quantity.unit, default: []].insert(Self.words(row.quantity)) }
        }
        return units.map { unit in
            let format: @Sendable (Double) -> String = { ValueFormat.string($0, unit: unit) }
            let what = unit == .nanoseconds ? "time per operation (÷ fields: per field read)"
                : (quantities[unit] ?? []).sorted().joined(separator: ", ")
            let ranges = (bars[unit] ?? []).contains { $0.markRange != nil }
            return MarkedBarChart(title: "The record's page beside its system: \(what)",
                                  axisLabel: "Lattice's median on this machine, \(what) (log scale)",
                                  kind: .logarithmic, bars: bars[unit] ?? [],
                                  legend: (bars: "Lattice (median, 95% CI)",
                                           marks: "published best, M1 Pro" + (ranges ? " (band: its medians)" : "")),
                                  format: format)
        }
    }

    /// `imageBytes ÷ residentRecords`: what a row's figure is of.
    private static func words(_ quantity: ReferenceSystemFigures.Quantity) -> String {
        quantity.metric + (quantity.per.map { " ÷ \($0)" } ?? "")
    }
}
