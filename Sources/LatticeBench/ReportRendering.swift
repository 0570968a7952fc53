/// The report text of a results file in a command-line format.
enum ReportRendering {
    /// Renders `results` as `format`.
    static func render(_ results: ResultsFile, format: BenchmarkCommandLine.Format) throws -> String {
        switch format {
        case .json, .terminal, .markdown, .bencher, .github:
            String(decoding: try results.encoded(), as: UTF8.self)
        }
    }
}
