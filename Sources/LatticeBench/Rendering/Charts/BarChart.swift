/// Horizontal bars in groups: one group per category (a commit kind, a benchmark), one bar
/// per series (a strategy) with its value written at its end. For exact counts, where a
/// distribution has nothing to show.
public struct BarChart {
    /// One category and its values per series (nil: not measured, drawn as "–").
    public struct Group {
        /// The category's label, drawn on the left.
        public var label: String
        /// One value per series, in the chart's series order.
        public var values: [Double?]

        /// A group labelled `label`.
        public init(label: String, values: [Double?]) {
            self.label = label
            self.values = values
        }
    }

    /// The chart's title.
    public var title: String
    /// The value axis's label.
    public var axisLabel: String
    /// Series names, in the order of each group's values.
    public var series: [String]
    /// The categories, top to bottom.
    public var groups: [Group]
    /// Writes a value for the axis, the bars and the tooltips.
    public var format: (Double) -> String
    /// Colours of named series.
    public var palette: Palette
    var width = 900.0

    /// A chart of `groups`, 900 units wide and as tall as its bars need.
    public init(title: String, axisLabel: String, series: [String], groups: [Group],
                format: @escaping (Double) -> String, palette: Palette = Palette()) {
        self.title = title
        self.axisLabel = axisLabel
        self.series = series
        self.groups = groups
        self.format = format
        self.palette = palette
    }

    /// The chart as an `<svg>` element. - Complexity: O(groups · series).
    public func render() -> String {
        let barHeight = 12.0
        let groupHeight = barHeight * Double(max(series.count, 1)) + 10
        let height = 92 + groupHeight * Double(max(groups.count, 1))
        var svg = SVGCanvas(width: width, height: height, title: title)
        let frame = ChartFrame(width: width, height: height, leftMargin: 200)
        let x = ChartScale(kind: .linear, covering: groups.flatMap { $0.values.compactMap { $0 } },
                           range: (frame.left, frame.right - 40))
        frame.drawAxes(into: &svg, title: title, x: x, xLabel: axisLabel, formatX: format,
                       y: nil, yLabel: "", formatY: format)
        for (groupIndex, group) in groups.enumerated() {
            let top = frame.top + groupHeight * Double(groupIndex) + 5
            svg.text(group.label, x: frame.left - 8, y: top + groupHeight / 2, anchor: "end", size: 10)
            for (seriesIndex, name) in series.enumerated() {
                let y = top + barHeight * Double(seriesIndex)
                let color = palette.color(for: name, index: seriesIndex)
                guard seriesIndex < group.values.count, let value = group.values[seriesIndex] else {
                    svg.text("–", x: frame.left + 4, y: y + barHeight - 1, size: 9)
                    continue
                }
                let end = x.position(value)
                svg.rect(x: frame.left, y: y, width: end - frame.left, height: barHeight - 1, fill: color,
                         tooltip: "\(group.label), \(name): \(format(value))", mark: true)
                svg.text(format(value), x: end + 4, y: y + barHeight - 1, size: 9)
            }
        }
        frame.drawLegend(into: &svg, entries: series.enumerated().map {
            ($0.element, palette.color(for: $0.element, index: $0.offset))
        })
        return svg.render()
    }
}
