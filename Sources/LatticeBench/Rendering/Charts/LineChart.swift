/// Lines through measured points, one per series, with an optional horizontal limit line:
/// the scaling curves (cost against size) and the history of runs.
public struct LineChart {
    /// One line of the chart.
    public struct Series {
        /// The legend's name; also picks the colour (`Palette`).
        public var name: String
        /// Points in data units, in drawing order.
        public var points: [(x: Double, y: Double)]

        /// A line named `name` through `points`.
        public init(name: String, points: [(x: Double, y: Double)]) {
            self.name = name
            self.points = points
        }
    }

    /// A horizontal line at a value, e.g. the 50 µs limit.
    public struct ReferenceLine {
        /// Where, in y's data units.
        public var value: Double
        /// Its label, drawn at the right end.
        public var label: String

        /// A line at `value` labelled `label`.
        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The chart's title, drawn above it and read as its accessible title.
    public var title: String
    /// The x axis's label.
    public var xLabel: String
    /// The y axis's label.
    public var yLabel: String
    /// How x values are spaced.
    public var xKind: ChartScale.Kind
    /// How y values are spaced.
    public var yKind: ChartScale.Kind
    /// The lines, in legend order.
    public var series: [Series]
    /// A horizontal line to draw across, if any (a limit).
    public var reference: ReferenceLine?
    /// Writes an x value for the ticks and tooltips.
    public var formatX: (Double) -> String
    /// Writes a y value for the ticks and tooltips.
    public var formatY: (Double) -> String
    /// Colours of named series.
    public var palette: Palette
    /// Smallest step between x ticks (1 when x counts something, such as runs).
    public var xMinimumStep = 0.0
    /// The drawing's width in user units (pixels at 100 %); 900 unless set.
    public var width = 900.0
    /// The drawing's height in user units; 360 unless set (smaller for a grid of small charts).
    public var height = 360.0

    /// A chart of `series`, 900 by 360 units.
    public init(title: String, xLabel: String, yLabel: String, xKind: ChartScale.Kind, yKind: ChartScale.Kind,
                series: [Series], reference: ReferenceLine?, formatX: @escaping (Double) -> String,
                formatY: @escaping (Double) -> String, palette: Palette = Palette()) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.xKind = xKind
        self.yKind = yKind
        self.series = series
        self.reference = reference
        self.formatX = formatX
        self.formatY = formatY
        self.palette = palette
    }

    /// The chart as an `<svg>` element. Points with a non-finite coordinate (or a
    /// non-positive one on a logarithmic axis) are left out.
    /// - Complexity: O(points).
    public func render() -> String {
        var svg = SVGCanvas(width: width, height: height, title: title)
        let points = series.map { $0.points.filter { drawable($0.x, xKind) && drawable($0.y, yKind) } }
        let standard = ChartFrame(width: width, height: height)
        let y = ChartScale(kind: yKind, covering: points.flatMap { $0.map(\.y) },
                           including: reference.map { [$0.value] } ?? [],
                           range: (standard.bottom, standard.top))
        // Room on the left for the widest tick label beside the axis's rotated label.
        let widest = y.ticks().map { formatY($0).count }.max() ?? 0
        let frame = ChartFrame(width: width, height: height, leftMargin: max(standard.left, 30 + 6.2 * Double(widest)))
        let x = ChartScale(kind: xKind, covering: points.flatMap { $0.map(\.x) },
                           range: (frame.left, frame.right), minimumStep: xMinimumStep)
        frame.drawAxes(into: &svg, title: title, x: x, xLabel: xLabel, formatX: formatX,
                       y: y, yLabel: yLabel, formatY: formatY)
        if let reference {
            let position = y.position(reference.value)
            svg.line(x1: frame.left, y1: position, x2: frame.right, y2: position,
                     stroke: Palette.limit, width: 1.5, dash: "6 4")
            svg.text(reference.label, x: frame.right - 4, y: position - 4, anchor: "end",
                     size: 10, fill: Palette.limit)
        }
        var legend: [(name: String, color: String)] = []
        for (index, line) in series.enumerated() {
            let color = palette.color(for: line.name, index: index)
            legend.append((line.name, color))
            let pixels = points[index].map { (x: x.position($0.x), y: y.position($0.y)) }
            svg.path(pixels, stroke: color)
            for (point, pixel) in zip(points[index], pixels) {
                svg.circle(x: pixel.x, y: pixel.y, radius: 3, fill: color,
                           tooltip: "\(line.name): \(formatX(point.x)) → \(formatY(point.y))", mark: true)
            }
        }
        frame.drawLegend(into: &svg, entries: legend)
        return svg.render()
    }

    private func drawable(_ value: Double, _ kind: ChartScale.Kind) -> Bool {
        switch kind {
        case .linear: value.isFinite
        case .logarithmic: value.isFinite && value > 0
        }
    }
}
