/// Horizontal bars in groups: one group per category (a commit kind, a benchmark), one bar
/// per series (a strategy) with its value written at its end. For exact counts, where a
/// distribution has nothing to show.
struct BarChart {
    /// One category and its values per series (nil: not measured, drawn as "–").
    struct Group {
        var label: String
        var values: [Double?]
    }

    var title: String
    var axisLabel: String
    /// Series names, in the order of each group's values.
    var series: [String]
    var groups: [Group]
    var format: (Double) -> String
    var width = 900.0

    /// The chart as an `<svg>` element. - Complexity: O(groups · series).
    func render() -> String {
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
                let color = Palette.color(for: name, index: seriesIndex)
                guard seriesIndex < group.values.count, let value = group.values[seriesIndex] else {
                    svg.text("–", x: frame.left + 4, y: y + barHeight - 1, size: 9)
                    continue
                }
                let end = x.position(value)
                svg.rect(x: frame.left, y: y, width: end - frame.left, height: barHeight - 1, fill: color,
                         tooltip: "\(group.label), \(name): \(format(value))")
                svg.text(format(value), x: end + 4, y: y + barHeight - 1, size: 9)
            }
        }
        frame.drawLegend(into: &svg, entries: series.enumerated().map {
            ($0.element, Palette.color(for: $0.element, index: $0.offset))
        })
        return svg.render()
    }
}
