/// Horizontal bars, one per row, on a linear or logarithmic axis, each with an optional mark
/// across it: another figure of the same row (a figure published elsewhere, a target) and the
/// range around that figure. For one measurement per row beside the figure it is held against,
/// where the rows span decades (a logarithmic axis draws every bar from the axis's start).
public struct MarkedBarChart {
    /// One row.
    public struct Bar {
        /// The row's label, drawn on the left.
        public var label: String
        /// The measured value: the bar's length.
        public var value: Double
        /// The value's interval (the median's confidence interval), drawn as a whisker; nil for none.
        public var interval: ClosedRange<Double>?
        /// The figure the value is held against, drawn as a dark tick across the bar; nil for none.
        public var mark: Double?
        /// The range around `mark` (a range of published medians), drawn as a band; nil for none.
        public var markRange: ClosedRange<Double>?
        /// Whether the value is a decided figure; an undecided bar is drawn pale.
        public var decided: Bool
        /// The words after the bar's value (the value over the mark, say); empty for none.
        public var annotation: String
        /// The row in full, for the tooltip.
        public var detail: String

        /// A row labelled `label` measuring `value`.
        public init(label: String, value: Double, interval: ClosedRange<Double>? = nil, mark: Double? = nil,
                    markRange: ClosedRange<Double>? = nil, decided: Bool = true, annotation: String = "",
                    detail: String = "") {
            self.label = label
            self.value = value
            self.interval = interval
            self.mark = mark
            self.markRange = markRange
            self.decided = decided
            self.annotation = annotation
            self.detail = detail
        }
    }

    /// The dark colour of the marks.
    static let markColor = "#111111"
    /// The pale band of a mark's range.
    static let bandColor = "#11111122"

    /// The chart's title.
    public var title: String
    /// The value axis's label.
    public var axisLabel: String
    /// How the axis spaces values.
    public var kind: ChartScale.Kind
    /// The rows, top to bottom.
    public var bars: [Bar]
    /// The legend's words for the bars and for the marks.
    public var legend: (bars: String, marks: String)
    /// Writes a value for the axis, the bars and the tooltips.
    public var format: (Double) -> String
    var width = 980.0

    /// A chart of `bars`, 980 units wide and as tall as its rows need.
    public init(title: String, axisLabel: String, kind: ChartScale.Kind, bars: [Bar],
                legend: (bars: String, marks: String), format: @escaping (Double) -> String) {
        self.title = title
        self.axisLabel = axisLabel
        self.kind = kind
        self.bars = bars
        self.legend = legend
        self.format = format
    }

    /// The chart as an `<svg>` element; a row whose value the axis cannot show (not finite, or
    /// not positive on a logarithmic axis) is drawn as its label and a dash.
    /// - Complexity: O(bars).
    public func render() -> String {
        let rowHeight = 20.0
        let height = 100 + rowHeight * Double(max(bars.count, 1))
        var svg = SVGCanvas(width: width, height: height, title: title)
        let frame = ChartFrame(width: width, height: height, leftMargin: 250)
        let figures = bars.flatMap { bar in
            [bar.value, bar.mark, bar.interval?.lowerBound, bar.interval?.upperBound,
             bar.markRange?.lowerBound, bar.markRange?.upperBound].compactMap { $0 }
        }
        let x = ChartScale(kind: kind, covering: figures, range: (frame.left, frame.right - 190))
        frame.drawAxes(into: &svg, title: title, x: x, xLabel: axisLabel, formatX: format,
                       y: nil, yLabel: "", formatY: format)
        let color = Palette.cycle[0]
        for (index, bar) in bars.enumerated() {
            let top = frame.top + 6 + rowHeight * Double(index)
            let middle = top + (rowHeight - 4) / 2
            svg.text(bar.label, x: frame.left - 8, y: middle + 4, anchor: "end", size: 10)
            guard drawable(bar.value) else {
                svg.text("–", x: frame.left + 4, y: middle + 4, size: 10)
                continue
            }
            if let range = bar.markRange, drawable(range.lowerBound), drawable(range.upperBound) {
                svg.rect(x: x.position(range.lowerBound), y: top - 2,
                         width: x.position(range.upperBound) - x.position(range.lowerBound), height: rowHeight,
                         fill: Self.bandColor)
            }
            let end = x.position(bar.value)
            let tooltip = [bar.detail.isEmpty ? bar.label : bar.detail, format(bar.value), bar.annotation]
                .filter { !$0.isEmpty }.joined(separator: ": ")
            svg.rect(x: frame.left, y: top, width: end - frame.left, height: rowHeight - 4,
                     fill: bar.decided ? color : color + "55", tooltip: tooltip, mark: true)
            if let interval = bar.interval, drawable(interval.lowerBound), drawable(interval.upperBound) {
                svg.line(x1: x.position(interval.lowerBound), y1: middle, x2: x.position(interval.upperBound), y2: middle,
                         stroke: Self.markColor, width: 1)
            }
            if let mark = bar.mark, drawable(mark) {
                let position = x.position(mark)
                svg.line(x1: position, y1: top - 3, x2: position, y2: top + rowHeight - 1, stroke: Self.markColor,
                         width: 2.5)
            }
            let words = bar.decided ? bar.annotation : "undecided"
            svg.text(format(bar.value) + (words.isEmpty ? "" : ", " + words), x: max(end, x.position(bar.mark ?? 0)) + 5,
                     y: middle + 4, size: 10)
        }
        frame.drawLegend(into: &svg, entries: [(legend.bars, color), (legend.marks, Self.markColor)])
        return svg.render()
    }

    private func drawable(_ value: Double) -> Bool {
        value.isFinite && (kind == .linear || value > 0)
    }
}
