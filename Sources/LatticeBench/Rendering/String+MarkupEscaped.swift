extension String {
    /// The text made safe inside an HTML or SVG element or a quoted attribute: `& < > " '`
    /// escaped. Shared by the flamegraph and the lab's reports.
    /// - Complexity: O(n).
    public var markupEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
