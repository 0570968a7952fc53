/// Lines through measured points, one per series, with an optional horizontal limit line:
/// the scaling curves (cost against size) and the history of runs.
struct LineChart {
    /// One line of the chart.
    struct Series {
        /// The legend's name; also picks the colour (`Palette`).
        var name: String
        /// Points in data units, in drawing order.
        var points: [(x: Double, y: Double)]
    }

    /// A horizontal line at a value, e.g. the 50 µs limit.
    struct ReferenceLine {
        /// Where, in y's data units.
        var value: Double
        /// Its label, drawn at the right end.
        var label: String
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var xKind: ChartScale.Kind
    var yKind: ChartScale.Kind
    var series: [Series]
    var reference: ReferenceLine?
    var formatX: (Double) -> String
    var formatY: (Double) -> String
    /// Smallest step between x ticks (1 when x counts something, such as runs).
    var xMinimumStep = 0.0
    var width = 900.0
    var height = 360.0

    /// The chart as an `<svg>` element. Points with a non-finite coordinate (or a
    /// non-positive one on a logarithmic axis) are left out.
    /// - Complexity: O(points).
    func render() -> String {
        var svg = SVGCanvas(width: width, height: height, title: title)
        let frame = ChartFrame(width: width, height: height)
        let points = series.map { $0.points.filter { drawable($0.x, xKind) && drawable($0.y, yKind) } }
        let x = ChartScale(kind: xKind, covering: points.flatMap { $0.map(\.x) },
                           range: (frame.left, frame.right), minimumStep: xMinimumStep)
        let y = ChartScale(kind: yKind, covering: points.flatMap { $0.map(\.y) },
                           including: reference.map { [$0.value] } ?? [],
                           range: (frame.bottom, frame.top))
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
            let color = Palette.color(for: line.name, index: index)
            legend.append((line.name, color))
            let pixels = points[index].map { (x: x.position($0.x), y: y.position($0.y)) }
            svg.path(pixels, stroke: color)
            for (point, pixel) in zip(points[index], pixels) {
                svg.circle(x: pixel.x, y: pixel.y, radius: 3, fill: color,
                           tooltip: "\(line.name): \(formatX(point.x)) → \(formatY(point.y))")
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
