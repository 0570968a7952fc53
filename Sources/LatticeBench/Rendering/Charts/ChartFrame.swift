/// The plotting area of a chart inside its margins, and the axes drawn around it.
struct ChartFrame {
    /// Left edge of the plotting area (room for the y labels).
    let left: Double
    /// Right edge.
    let right: Double
    /// Top edge (room for the title and legend).
    let top: Double
    /// Bottom edge (room for the x labels).
    let bottom: Double

    /// The plotting area of a `width` × `height` drawing with room for labels `leftMargin`
    /// wide on the left.
    init(width: Double, height: Double, leftMargin: Double = 70) {
        left = leftMargin
        right = width - 20
        top = 48
        bottom = height - 44
    }

    /// Draws the title, the grid lines and tick labels of `y` (and of `x` when given), and
    /// the axis labels.
    func drawAxes(into svg: inout SVGCanvas, title: String, x: ChartScale?, xLabel: String,
                  formatX: (Double) -> String, y: ChartScale?, yLabel: String,
                  formatY: (Double) -> String) {
        svg.text(title, x: left, y: 16, size: 13, fill: "#111")
        if let y {
            for tick in y.ticks() {
                let position = y.position(tick)
                svg.line(x1: left, y1: position, x2: right, y2: position, stroke: Palette.grid)
                svg.text(formatY(tick), x: left - 6, y: position + 4, anchor: "end", size: 10)
            }
        }
        if let x {
            for tick in x.ticks() {
                let position = x.position(tick)
                svg.line(x1: position, y1: top, x2: position, y2: bottom, stroke: Palette.grid)
                svg.text(formatX(tick), x: position, y: bottom + 16, anchor: "middle", size: 10)
            }
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: Palette.axis)
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: Palette.axis)
        svg.text(xLabel, x: (left + right) / 2, y: bottom + 34, anchor: "middle")
        if !yLabel.isEmpty {
            svg.text(yLabel, x: 14, y: (top + bottom) / 2, anchor: "middle", rotate: true)
        }
    }

    /// A legend of coloured swatches, right-aligned above the plotting area.
    func drawLegend(into svg: inout SVGCanvas, entries: [(name: String, color: String)]) {
        var x = right
        for entry in entries.reversed() {
            let width = Double(entry.name.count) * 6.5 + 18
            x -= width
            svg.rect(x: x, y: 26, width: 10, height: 10, fill: entry.color)
            svg.text(entry.name, x: x + 14, y: 35, size: 10)
        }
    }
}
