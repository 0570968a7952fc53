/// One row per sample set: a box from the first to the third quartile with the median
/// marked, whiskers to the smallest and largest sample, and the raw samples as a strip of
/// dots, on a shared horizontal axis with an optional limit line. Shows how phase reads
/// spread, not just where their medians sit.
public struct DistributionPlot {
    /// One sample set.
    public struct Row {
        /// The row's label.
        public var label: String
        /// The series the row belongs to (e.g. a strategy), which picks its colour.
        public var series: String
        /// Raw samples, in the axis's unit.
        public var samples: [Double]

        /// A row of `samples`.
        public init(label: String, series: String, samples: [Double]) {
            self.label = label
            self.series = series
            self.samples = samples
        }
    }

    /// Most dots drawn per row: beyond it the samples are thinned evenly (sorted, every k-th),
    /// which keeps the shape and keeps the page small.
    static let maximumDots = 200

    /// The plot's title.
    public var title: String
    /// The shared axis's label.
    public var axisLabel: String
    /// How the axis spaces values.
    public var kind: ChartScale.Kind
    /// The sample sets, top to bottom.
    public var rows: [Row]
    /// A vertical line to draw across, if any (a limit).
    public var limit: LineChart.ReferenceLine?
    /// Writes a value for the axis and the tooltips.
    public var format: (Double) -> String
    /// Colours of named series.
    public var palette: Palette
    var width = 900.0

    /// A plot of `rows`, 900 units wide and as tall as its rows need.
    public init(title: String, axisLabel: String, kind: ChartScale.Kind, rows: [Row],
                limit: LineChart.ReferenceLine?, format: @escaping (Double) -> String, palette: Palette = Palette()) {
        self.title = title
        self.axisLabel = axisLabel
        self.kind = kind
        self.rows = rows
        self.limit = limit
        self.format = format
        self.palette = palette
    }

    /// The plot as an `<svg>` element; rows without samples are drawn as labels only.
    /// - Complexity: O(samples log samples).
    public func render() -> String {
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
            let color = palette.color(for: row.series, index: index)
            svg.text(row.label, x: frame.left - 8, y: center + 4, anchor: "end")
            let sorted = usable[index]
            guard let low = sorted.first, let high = sorted.last else { continue }
            let q1 = Self.quantile(sorted, 0.25), median = Self.quantile(sorted, 0.5)
            let q3 = Self.quantile(sorted, 0.75)
            svg.line(x1: x.position(low), y1: center, x2: x.position(high), y2: center, stroke: color)
            svg.rect(x: x.position(q1), y: center - 9, width: x.position(q3) - x.position(q1), height: 18,
                     fill: color + "33", stroke: color,
                     tooltip: "\(row.label): median \(format(median)), quartiles \(format(q1)) – \(format(q3)), "
                        + "n = \(sorted.count)", mark: true)
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
