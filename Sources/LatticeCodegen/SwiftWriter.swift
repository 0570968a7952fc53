/// Swift source, written line by line at an indentation: what every emitter appends to.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    /// The width of the current indentation, in bytes.
    var indentation: Int { depth * 4 }

    /// Appends `line` at the current indentation (an empty line stays empty).
    mutating func line(_ line: String = "") {
        if !line.isEmpty { text += String(repeating: "    ", count: depth) + line }
        text += "\n"
    }

    /// Appends `opening`, the lines `body` writes one level in, and `}`.
    mutating func block(_ opening: String, _ body: (inout SwiftWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }
}
