/// One row per sample set: a box from the first to the third quartile with the median
/// marked, whiskers to the smallest and largest sample, and the raw samples as a strip of
/// dots, on a shared horizontal axis with an optional limit line. Shows how phase reads
/// spread, not just where their medians sit.
struct DistributionPlot {
    /// One sample set.
    struct Row {
        /// The row's label.
        var label: String
        /// The series the row belongs to (e.g. a strategy), which picks its colour.
        var series: String
        /// Raw samples, in the axis's unit.
        var samples: [Double]
    }

    /// Most dots drawn per row: beyond it the samples are thinned evenly (sorted, every k-th),
    /// which keeps the shape and keeps the page small.
    static let maximumDots = 200

    var title: String
    var axisLabel: String
    var kind: ChartScale.Kind
    var rows: [Row]
    var limit: LineChart.ReferenceLine?
    var format: (Double) -> String
    var width = 900.0

    /// The plot as an `<svg>` element; rows without samples are drawn as labels only.
    /// - Complexity: O(samples log samples).
    func render() -> String {
        let rowHeight = 34.0
        let height = 92 + rowHeight * Double(max(rows.count, 1))
        var svg = SVGCanvas(width: width, height: height, title: title)
        let frame = ChartFrame(width: width, height: height, leftMargin: 150)
        let usable = rows.map { $0.samples.filter { $0.isFinite && (kind == .linear || $0 > 0) }.sorted() }
        let x = ChartScale(kind: kind, covering: usable.flatMap { $0 },
                           including: limit.map { [$0.value] } ?? [], range: (frame.left, frame.right))
        frame.drawAxes(into: &svg, title: title, x: x, xLabel: axisLabel, formatX: format,
                       y: nil, yLabel: "", formatY: format)
        for (index, row) in rows.enumerated() {
            let center = frame.top + rowHeight * (Double(index) + 0.5)
            let color = Palette.color(for: row.series, index: index)
            svg.text(row.label, x: frame.left - 8, y: center + 4, anchor: "end")
            let sorted = usable[index]
            guard let low = sorted.first, let high = sorted.last else { continue }
            let q1 = Self.quantile(sorted, 0.25), median = Self.quantile(sorted, 0.5)
            let q3 = Self.quantile(sorted, 0.75)
            svg.line(x1: x.position(low), y1: center, x2: x.position(high), y2: center, stroke: color)
            svg.rect(x: x.position(q1), y: center - 9, width: x.position(q3) - x.position(q1), height: 18,
                     fill: color + "33", stroke: color,
                     tooltip: "\(row.label): median \(format(median)), quartiles \(format(q1)) – \(format(q3)), "
                        + "n = \(sorted.count)")
            svg.line(x1: x.position(median), y1: center - 11, x2: x.position(median), y2: center + 11,
                     stroke: color, width: 2.5)
            let step = max(1, (sorted.count + Self.maximumDots - 1) / Self.maximumDots)
            for (offset, value) in stride(from: 0, to: sorted.count, by: step).map({ ($0, sorted[$0]) }) {
                // Deterministic jitter from the rank, so reruns draw the same picture.
                let jitter = Double((offset * 7919) % 17) / 17 * 14 - 7
                svg.circle(x: x.position(value), y: center + jitter, radius: 1.6, fill: color, opacity: 0.45)
            }
        }
        if let limit {
            let position = x.position(limit.value)
            svg.line(x1: position, y1: frame.top, x2: position, y2: frame.bottom, stroke: Palette.limit,
                     width: 1.5, dash: "6 4")
            svg.text(limit.label, x: position - 4, y: frame.top - 4, anchor: "end", size: 10, fill: Palette.limit)
        }
        return svg.render()
    }

    /// numpy's default (linear) quantile of sorted values.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }
}
