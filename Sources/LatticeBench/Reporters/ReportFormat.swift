/// The output formats a benchmark executable's `--format` offers for a results file.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Aligned table for people (`TerminalReporter`).
    case terminal
    /// Markdown table (`MarkdownReporter`).
    case markdown
    /// The results JSON itself (`ResultsFile`, docs/results-schema.md).
    case json
    /// Bencher Metric Format (`BencherReporter`).
    case bencher
    /// github-action-benchmark `customSmallerIsBetter` (`GitHubActionBenchmarkReporter`).
    case githubActionBenchmark = "github-action-benchmark"

    /// `results` in this format; `colour` applies to `.terminal` only.
    /// - Throws: an `EncodingError` from the JSON formats (not expected for finite results).
    public func render(_ results: ResultsFile, colour: Bool) throws -> String {
        switch self {
        case .terminal: TerminalReporter(colour: colour).render(results)
        case .markdown: MarkdownReporter().render(results)
        case .json: try ReportJSON.string(results)
        case .bencher: try BencherReporter().render(results)
        case .githubActionBenchmark: try GitHubActionBenchmarkReporter().render(results)
        }
    }
}
