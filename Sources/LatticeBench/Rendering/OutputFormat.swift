/// The output formats a benchmark executable's `--format` offers for a results file.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned table for people (`TerminalRenderer`).
    case terminal
    /// Markdown table (`MarkdownRenderer`).
    case markdown
    /// The results JSON itself (`ResultsFile`, docs/results-schema.md).
    case json
    /// Bencher Metric Format (`BencherRenderer`).
    case bencher
    /// github-action-benchmark `customSmallerIsBetter` (`GitHubActionBenchmarkRenderer`).
    case githubActionBenchmark = "github-action-benchmark"

    /// `results` in this format; `colour` applies to `.terminal` only.
    /// - Throws: an `EncodingError` from the JSON formats (not expected for finite results).
    public func render(_ results: ResultsFile, colour: Bool) throws -> String {
        switch self {
        case .terminal: TerminalRenderer(colour: colour).render(results)
        case .markdown: MarkdownRenderer().render(results)
        case .json: try JSONFileEncoder.string(results)
        case .bencher: try BencherRenderer().render(results)
        case .githubActionBenchmark: try GitHubActionBenchmarkRenderer().render(results)
        }
    }
}
