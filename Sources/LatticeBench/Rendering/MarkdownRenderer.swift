/// Results as Markdown: the run's context as a list, a table of every benchmark and metric in
/// human units, then warnings. For BENCHMARKS.md and pull-request comments.
public struct MarkdownRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The text. - Complexity: O(benchmarks · metrics).
    public func render(_ results: ResultsFile) -> String {
        let context = ResultsTable.context(results).map { "- \($0.label): \($0.value)" }
        let warnings = ResultsTable.warnings(results)
        var text = context.joined(separator: "\n") + "\n\n" + ResultsTable.table(results).markdown()
        if !warnings.isEmpty {
            text += "\n**Warnings**\n\n" + warnings.map { "- \($0)\n" }.joined()
        }
        return text
    }
}
