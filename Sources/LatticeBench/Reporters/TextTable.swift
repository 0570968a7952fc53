/// A table of text cells rendered as aligned columns (terminal) or as a Markdown table; the
/// one layout engine behind every tabular reporter.
struct TextTable: Sendable {
    /// Which side a column's cells hug.
    enum Alignment: Sendable {
        case left, right
    }

    /// A terminal emphasis, written as an ANSI SGR sequence when colour is on.
    enum Style: String, Sendable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33"
    }

    /// One cell: its text and optional emphasis.
    struct Cell: Sendable, ExpressibleByStringLiteral {
        var text: String
        var style: Style?

        init(_ text: String, style: Style? = nil) {
            self.text = text
            self.style = style
        }

        init(stringLiteral text: String) {
            self.init(text)
        }
    }

    let headers: [String]
    let alignments: [Alignment]
    var rows: [[Cell]] = []

    /// Columns padded to their widest cell, two spaces apart, trailing spaces trimmed.
    /// Styles are applied after padding so escape codes never skew the alignment.
    /// - Complexity: O(cells).
    func aligned(colour: Bool) -> String {
        let all = [headers.map { Cell($0, style: .bold) }] + rows
        let widths = headers.indices.map { column in
            all.map { $0[column].text.count }.max() ?? 0
        }
        return all.map { row in
            let cells = row.indices.map { column -> String in
                let cell = row[column]
                let padding = String(repeating: " ", count: widths[column] - cell.text.count)
                let padded = alignments[column] == .left ? cell.text + padding : padding + cell.text
                guard colour, let style = cell.style else { return padded }
                return "\u{1B}[\(style.rawValue)m\(padded)\u{1B}[0m"
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// A GitHub-flavoured Markdown table; `|` in cells is escaped. - Complexity: O(cells).
    func markdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rule = "|" + alignments.map { $0 == .left ? " --- |" : " ---: |" }.joined()
        return ([line(headers), rule] + rows.map { line($0.map(\.text)) }).joined(separator: "\n") + "\n"
    }
}
