/// A table of text cells rendered as aligned columns (terminal), a Markdown table or an HTML
/// table: the one layout engine behind every tabular report, so the terminal, BENCHMARKS.md
/// and the dashboard show the same figures the same way.
public struct TextTable: Sendable, Equatable {
    /// Which side a column's cells hug.
    public enum Alignment: Sendable, Equatable {
        case left, right
    }

    /// A terminal emphasis, written as an ANSI SGR sequence when colour is on.
    public enum Style: String, Sendable, Equatable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33"
    }

    /// One cell: its text and optional emphasis.
    public struct Cell: Sendable, Equatable, ExpressibleByStringLiteral {
        /// What the cell shows.
        public var text: String
        /// Its emphasis in a terminal; other renderings ignore it.
        public var style: Style?

        /// A cell of `text`, with an optional terminal emphasis.
        public init(_ text: String, style: Style? = nil) {
            self.text = text
            self.style = style
        }

        public init(stringLiteral text: String) {
            self.init(text)
        }
    }

    /// Column titles.
    public let headers: [String]
    /// Each column's alignment, as many as `headers`.
    public let alignments: [Alignment]
    /// The rows, each as long as `headers` (`append` pads shorter ones).
    public private(set) var rows: [[Cell]] = []

    /// A table with the given headers and alignments (as many as headers).
    public init(headers: [String], alignments: [Alignment]) {
        self.headers = headers
        self.alignments = alignments
    }

    /// A table whose columns from `numericFrom` on are figures, aligned right.
    public init(headers: [String], numericFrom: Int) {
        self.init(headers: headers, alignments: headers.indices.map { $0 < numericFrom ? .left : .right })
    }

    /// Whether the table has no rows.
    public var isEmpty: Bool { rows.isEmpty }

    /// Adds a row, padded with empty cells to the number of columns. - Complexity: O(columns).
    public mutating func append(_ row: [Cell]) {
        rows.append(row.count >= headers.count ? row : row + Array(repeating: "", count: headers.count - row.count))
    }

    /// Adds a row of plain cells, padded to the number of columns. - Complexity: O(columns).
    public mutating func append(_ row: [String]) {
        append(row.map { Cell($0) })
    }

    /// Columns padded to their widest cell, two spaces apart, trailing spaces trimmed.
    /// Styles are applied after padding so escape codes never skew the alignment.
    /// - Complexity: O(cells).
    public func aligned(colour: Bool) -> String {
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
    public func markdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let rule = "|" + alignments.map { $0 == .left ? " --- |" : " ---: |" }.joined()
        return ([line(headers), rule] + rows.map { line($0.map(\.text)) }).joined(separator: "\n") + "\n"
    }

    /// An HTML `<table>`, cells escaped; right-aligned columns get `class="num"`.
    /// - Complexity: O(cells).
    public func html() -> String {
        func cell(_ tag: String, _ column: Int, _ text: String) -> String {
            let align = alignments[column] == .right ? " class=\"num\"" : ""
            return "<\(tag)\(align)>\(text.markupEscaped)</\(tag)>"
        }
        let head = "<tr>" + headers.indices.map { cell("th", $0, headers[$0]) }.joined() + "</tr>"
        let body = rows.map { row in
            "<tr>" + row.indices.map { cell("td", $0, row[$0].text) }.joined() + "</tr>"
        }.joined(separator: "\n")
        return "<table>\n<thead>\(head)</thead>\n<tbody>\n\(body)\n</tbody>\n</table>\n"
    }
}
