/// A table of text cells, written as Markdown for BENCHMARKS.md and as HTML for the
/// dashboard from the same rows, so both show the same figures.
struct ReportTable: Equatable {
    /// Column titles.
    var headers: [String]
    /// Rows of cells, each as long as `headers` (shorter rows are padded with empty cells).
    var rows: [[String]]
    /// Columns (by index) aligned right: the figures.
    var numericColumns: Set<Int>

    /// A table with the given headers; columns from `numericFrom` on are aligned right.
    init(headers: [String], numericFrom: Int) {
        self.headers = headers
        rows = []
        numericColumns = Set(numericFrom..<max(numericFrom, headers.count))
    }

    /// Whether there is nothing to show.
    var isEmpty: Bool { rows.isEmpty }

    /// A GitHub-flavoured Markdown table; `|` in cells is escaped. - Complexity: O(cells).
    func markdown() -> String {
        let separator = headers.indices.map { numericColumns.contains($0) ? "---:" : "---" }
        return ([headers, separator] + rows.map(padded)).map { cells in
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }.joined(separator: "\n") + "\n"
    }

    /// An HTML `<table>`, cells escaped. - Complexity: O(cells).
    func html() -> String {
        func cell(_ tag: String, _ index: Int, _ text: String) -> String {
            let align = numericColumns.contains(index) ? " class=\"num\"" : ""
            return "<\(tag)\(align)>\(Markup.escape(text))</\(tag)>"
        }
        let head = "<tr>" + headers.enumerated().map { cell("th", $0.offset, $0.element) }.joined() + "</tr>"
        let body = rows.map { row in
            "<tr>" + padded(row).enumerated().map { cell("td", $0.offset, $0.element) }.joined() + "</tr>"
        }.joined(separator: "\n")
        return "<table>\n<thead>\(head)</thead>\n<tbody>\n\(body)\n</tbody>\n</table>\n"
    }

    private func padded(_ row: [String]) -> [String] {
        row.count >= headers.count ? row : row + Array(repeating: "", count: headers.count - row.count)
    }
}
