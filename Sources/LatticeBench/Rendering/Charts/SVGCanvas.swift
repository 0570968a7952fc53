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
        var attributes = "x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" "
            + "x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
            + "stroke=\"\((stroke).markupEscaped)\" stroke-width=\"\(Self.number(width))\""
        if let dash { attributes += " stroke-dasharray=\"\((dash).markupEscaped)\"" }
        elements.append("<line \(attributes)/>")
    }

    /// A rectangle; `tooltip` becomes a `<title>` child, and a `mark` (a bar, a box: one datum
    /// drawn) is classed so the render check counts it (`Self.markClass`).
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String,
                       stroke: String? = nil, tooltip: String? = nil, mark: Bool = false) {
        var attributes = (mark ? Self.markAttribute : "") + "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" "
            + "width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(max(0, height)))\" "
            + "fill=\"\((fill).markupEscaped)\""
        if let stroke { attributes += " stroke=\"\((stroke).markupEscaped)\"" }
        elements.append(Self.element("rect", attributes, tooltip: tooltip))
    }

    /// A dot; a `mark` (a point of a line: one datum drawn) is classed as a rectangle's is.
    mutating func circle(x: Double, y: Double, radius: Double, fill: String, opacity: Double = 1,
                         tooltip: String? = nil, mark: Bool = false) {
        var attributes = (mark ? Self.markAttribute : "")
            + "cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\" "
            + "fill=\"\((fill).markupEscaped)\""
        if opacity < 1 { attributes += " fill-opacity=\"\(Self.number(opacity))\"" }
        elements.append(Self.element("circle", attributes, tooltip: tooltip))
    }

    /// A polyline through `points` as one path (`M x y L x y ...`); nothing for no points.
    mutating func path(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 2,
                       dash: String? = nil) {
        guard let first = points.first else { return }
        let data = "M\(Self.number(first.x)) \(Self.number(first.y))"
            + points.dropFirst().map { " L\(Self.number($0.x)) \(Self.number($0.y))" }.joined()
        var attributes = "d=\"\(data)\" fill=\"none\" stroke=\"\((stroke).markupEscaped)\" "
            + "stroke-width=\"\(Self.number(width))\""
        if let dash { attributes += " stroke-dasharray=\"\((dash).markupEscaped)\"" }
        elements.append("<path \(attributes)/>")
    }

    /// A line of text; `anchor` is `start`, `middle` or `end`.
    mutating func text(_ content: String, x: Double, y: Double, anchor: String = "start",
                       size: Double = 11, fill: String = "#333", rotate: Bool = false) {
        var attributes = "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" "
            + "text-anchor=\"\((anchor).markupEscaped)\" font-size=\"\(Self.number(size))\" "
            + "fill=\"\((fill).markupEscaped)\""
        if rotate { attributes += " transform=\"rotate(-90 \(Self.number(x)) \(Self.number(y)))\"" }
        elements.append("<text \(attributes)>\((content).markupEscaped)</text>")
    }

    /// The drawing as one `<svg>` element, sized to its width and scaling down with its container.
    /// - Complexity: O(elements).
    func render() -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" "
            + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
            + "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
            + "font-family=\"system-ui, sans-serif\">"
            + "<title>\((title).markupEscaped)</title>"
            + elements.joined()
            + "</svg>"
    }

    /// The class of the elements that each draw one datum (a bar, a point, a box): the pages'
    /// render checks count them in every chart as the browser laid them out.
    static let markClass = "mark"
    private static let markAttribute = "class=\"\(markClass)\" "

    private static func element(_ name: String, _ attributes: String, tooltip: String?) -> String {
        guard let tooltip else { return "<\(name) \(attributes)/>" }
        return "<\(name) \(attributes)><title>\((tooltip).markupEscaped)</title></\(name)>"
    }

    /// `value` with at most two decimals, no exponent, no trailing zeros, no `-0`: the same
    /// figures always give the same bytes.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths == 0 { return "0" }
        let whole = Int64(hundredths / 100)
        let fraction = Int64(abs(hundredths).truncatingRemainder(dividingBy: 100))
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        switch fraction {
        case 0: return "\(sign)\(whole)"
        case let f where f % 10 == 0: return "\(sign)\(whole).\(f / 10)"
        case let f: return "\(sign)\(whole).\(f < 10 ? "0" : "")\(f)"
        }
    }
}
