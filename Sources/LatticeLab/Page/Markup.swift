import LatticeBench

/// Sentences written once in Markdown, shown in the dashboard's HTML: the same words in
/// BENCHMARKS.md and the dashboard.
enum Markup {
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
