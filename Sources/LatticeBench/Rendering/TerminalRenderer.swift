#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Results as an aligned table for a terminal: the run's context, one row per benchmark and
/// metric in human units, then warnings. Colour (bold names, dim intervals, yellow noisy CVs)
/// only when asked, normally when standard output is a terminal.
public struct TerminalRenderer: Sendable {
    /// Whether to emit ANSI colour sequences.
    public var colour: Bool

    /// Creates a renderer; `colour` defaults to whether standard output is a terminal.
    public init(colour: Bool = TerminalRenderer.isTerminal(STDOUT_FILENO)) {
        self.colour = colour
    }

    /// Whether `fileDescriptor` is a terminal (so colour and progress lines make sense).
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// The text. - Complexity: O(benchmarks · metrics).
    public func render(_ results: ResultsFile) -> String {
        let width = ResultsTable.context(results).map(\.label.count).max() ?? 0
        let context = ResultsTable.context(results).map { line in
            line.label + ":" + String(repeating: " ", count: width - line.label.count + 1) + line.value
        }
        let warnings = ResultsTable.warnings(results).map { "warning: \($0)" }
        return context.joined(separator: "\n") + "\n\n"
            + ResultsTable.table(results).aligned(colour: colour)
            + warnings.map { $0 + "\n" }.joined()
    }
}
