/// An SVG drawing built as text, element by element, for the lab's charts.
///
/// Numbers are written with at most two decimals and no exponent, so the same figures
/// always give the same bytes (BENCHMARKS.md and the dashboard must be reproducible).
/// Text content and attribute values are escaped; nothing from outside reaches the markup raw.
struct SVGCanvas {
    /// Width of the drawing in user units (pixels at 100 %).
    let width: Double
    /// Height of the drawing in user units.
    let height: Double
    /// Accessible title, shown as the drawing's tooltip and read by screen readers.
    let title: String
    private var elements: [String] = []

    /// Starts an empty drawing.
    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// A straight line.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String,
                       width: Double = 1, dash: String? = nil) {
        var attributes = "x1=\"\(Markup.number(x1))\" y1=\"\(Markup.number(y1))\" "
            + "x2=\"\(Markup.number(x2))\" y2=\"\(Markup.number(y2))\" "
            + "stroke=\"\((stroke).markupEscaped)\" stroke-width=\"\(Markup.number(width))\""
        if let dash { attributes += " stroke-dasharray=\"\((dash).markupEscaped)\"" }
        elements.append("<line \(attributes)/>")
    }

    /// A rectangle; `tooltip` becomes a `<title>` child.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String,
                       stroke: String? = nil, tooltip: String? = nil) {
        var attributes = "x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" "
            + "width=\"\(Markup.number(max(0, width)))\" height=\"\(Markup.number(max(0, height)))\" "
            + "fill=\"\((fill).markupEscaped)\""
        if let stroke { attributes += " stroke=\"\((stroke).markupEscaped)\"" }
        elements.append(Self.element("rect", attributes, tooltip: tooltip))
    }

    /// A dot.
    mutating func circle(x: Double, y: Double, radius: Double, fill: String, opacity: Double = 1,
                         tooltip: String? = nil) {
        var attributes = "cx=\"\(Markup.number(x))\" cy=\"\(Markup.number(y))\" r=\"\(Markup.number(radius))\" "
            + "fill=\"\((fill).markupEscaped)\""
        if opacity < 1 { attributes += " fill-opacity=\"\(Markup.number(opacity))\"" }
        elements.append(Self.element("circle", attributes, tooltip: tooltip))
    }

    /// A polyline through `points` as one path (`M x y L x y ...`); nothing for no points.
    mutating func path(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 2,
                       dash: String? = nil) {
        guard let first = points.first else { return }
        let data = "M\(Markup.number(first.x)) \(Markup.number(first.y))"
            + points.dropFirst().map { " L\(Markup.number($0.x)) \(Markup.number($0.y))" }.joined()
        var attributes = "d=\"\(data)\" fill=\"none\" stroke=\"\((stroke).markupEscaped)\" "
            + "stroke-width=\"\(Markup.number(width))\""
        if let dash { attributes += " stroke-dasharray=\"\((dash).markupEscaped)\"" }
        elements.append("<path \(attributes)/>")
    }

    /// A line of text; `anchor` is `start`, `middle` or `end`.
    mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start",
                       size: Double = 11, fill: String = "#333", rotate: Bool = false) {
        var attributes = "x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" "
            + "text-anchor=\"\((anchor).markupEscaped)\" font-size=\"\(Markup.number(size))\" "
            + "fill=\"\((fill).markupEscaped)\""
        if rotate { attributes += " transform=\"rotate(-90 \(Markup.number(x)) \(Markup.number(y)))\"" }
        elements.append("<text \(attributes)>\((content).markupEscaped)</text>")
    }

    /// The drawing as one `<svg>` element, sized to its width and scaling down with its container.
    /// - Complexity: O(elements).
    func render() -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" "
            + "viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" "
            + "width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" "
            + "font-family=\"system-ui, sans-serif\">"
            + "<title>\((title).markupEscaped)</title>"
            + elements.joined()
            + "</svg>"
    }

    private static func element(_ name: String, _ attributes: String, tooltip: String?) -> String {
        guard let tooltip else { return "<\(name) \(attributes)/>" }
        return "<\(name) \(attributes)><title>\((tooltip).markupEscaped)</title></\(name)>"
    }
}
