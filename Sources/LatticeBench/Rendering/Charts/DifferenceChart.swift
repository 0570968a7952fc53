/// A differential view of one changed figure: a horizontal bar per function, drawn from zero
/// to its change (red where the candidate costs more, blue where it costs less), the function
/// named on the left and its before → after on the right. What a red/blue differential
/// flamegraph says, for the handful of functions that explain a change.
public struct DifferenceChart {
    /// One function's change.
    public struct Bar {
        /// The function's name.
        public var label: String
        /// Its figure before the change, if it had one.
        public var before: Double?
        /// Its figure after the change, if it has one.
        public var after: Double?
        /// After minus before.
        public var change: Double

        /// A function's change.
        public init(label: String, before: Double?, after: Double?, change: Double) {
            self.label = label
            self.before = before
            self.after = after
            self.change = change
        }
    }

    /// More work in the candidate.
    public static let worse = "#d62728"
    /// Less work in the candidate.
    public static let better = "#1f77b4"

    /// The chart's title.
    public var title: String
    /// The axis's label.
    public var axisLabel: String
    /// The functions, top to bottom.
    public var bars: [Bar]
    /// Writes a figure.
    public var format: (Double) -> String
    var width = 980.0

    /// A chart of `bars`, 980 units wide and as tall as its bars need.
    public init(title: String, axisLabel: String, bars: [Bar], format: @escaping (Double) -> String) {
        self.title = title
        self.axisLabel = axisLabel
        self.bars = bars
        self.format = format
    }

    /// The chart as an `<svg>` element. - Complexity: O(bars).
    public func render() -> String {
        let barHeight = 16.0
        let height = 100 + barHeight * Double(max(bars.count, 1))
        var svg = SVGCanvas(width: width, height: height, title: title)
        let frame = ChartFrame(width: width, height: height, leftMargin: 360)
        let x = ChartScale(kind: .linear, covering: bars.map(\.change), including: [0],
                           range: (frame.left, frame.right - 150))
        frame.drawAxes(into: &svg, title: title, x: x, xLabel: axisLabel, formatX: format,
                       y: nil, yLabel: "", formatY: format)
        let zero = x.position(0)
        svg.line(x1: zero, y1: frame.top, x2: zero, y2: frame.bottom, stroke: "#555")
        for (index, bar) in bars.enumerated() {
            let y = frame.top + 6 + barHeight * Double(index)
            let end = x.position(bar.change)
            let sides = "\(bar.before.map(format) ?? "–") → \(bar.after.map(format) ?? "–")"
            svg.text(Self.shortened(bar.label), x: frame.left - 8, y: y + barHeight - 5, anchor: "end", size: 10)
            svg.rect(x: Swift.min(zero, end), y: y, width: Swift.abs(end - zero), height: barHeight - 3,
                     fill: bar.change > 0 ? Self.worse : Self.better,
                     tooltip: "\(bar.label): \(sides) (\(bar.change > 0 ? "+" : "")\(format(bar.change)))", mark: true)
            svg.text("\(bar.change > 0 ? "+" : "")\(format(bar.change))  (\(sides))", x: frame.right - 146,
                     y: y + barHeight - 5, size: 10)
        }
        frame.drawLegend(into: &svg, entries: [("more instructions", Self.worse), ("fewer", Self.better)])
        return svg.render()
    }

    /// Function names cut to what the left margin holds.
    private static func shortened(_ name: String) -> String {
        name.count <= 60 ? name : String(name.prefix(59)) + "…"
    }
}
