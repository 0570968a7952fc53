import LatticeBench

/// Numbers written the same way every time, so the
/// same figures always give the same bytes (the reports must be reproducible).
enum Markup {
    /// `value` with at most two decimals, no exponent, no trailing zeros, no `-0`.
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

    /// Markdown text with `code` spans as HTML: escaped, each backtick pair a `<code>`
    /// element, so a sentence written once reads the same in BENCHMARKS.md and the dashboard.
    /// - Complexity: O(text).
    static func inline(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            let escaped = String(part).markupEscaped
            return index % 2 == 1 ? "<code>\(escaped)</code>" : escaped
        }.joined()
    }
}
