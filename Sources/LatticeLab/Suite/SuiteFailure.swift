/// Why a run of the suite failed closed: a benchmark executable that died, exited non-zero, or
/// did not report a benchmark it listed, or a selection that selects nothing. A run that lost a
/// benchmark did not measure it, so it never passes (exit status 1).
public enum SuiteFailure: Error, Equatable, CustomStringConvertible {
    /// The executable is not in the folder of built executables.
    case missingExecutable(name: String, folder: String)
    /// Asked to list its benchmarks (`--list`), the executable failed.
    case listingFailed(executable: String, how: String)
    /// Nothing in any executable matched the filter (or the mode measures nothing).
    case nothingSelected(filter: String?, executables: [String])
    /// The executable died or exited non-zero; the benchmarks it listed and did not report, and
    /// the executables the run then did not start.
    case executableFailed(executable: String, how: String, unreported: [String], notRun: [String])
    /// The executable exited 0 without reporting every benchmark it listed.
    case unreported(executable: String, names: [String], notRun: [String])
    /// The executable's results file cannot be read, and why.
    case unreadableResults(executable: String, reason: String)

    public var description: String {
        switch self {
        case let .missingExecutable(name, folder):
            return "FAILED: no benchmark executable \(name) in \(folder) (build the suite in release first)"
        case let .listingFailed(executable, how):
            return "FAILED: \(executable) \(how) when asked to list its benchmarks"
        case let .nothingSelected(filter, executables):
            return "FAILED: no benchmark" + (filter.map { " matching '\($0)'" } ?? "")
                + " to run in " + executables.joined(separator: " ")
        case let .executableFailed(executable, how, unreported, notRun):
            return "FAILED: \(executable) \(how)" + Self.lines(executable, unreported, notRun)
        case let .unreported(executable, names, notRun):
            return "FAILED: \(executable) exited 0 but did not report everything it listed"
                + Self.lines(executable, names, notRun)
        case let .unreadableResults(executable, reason):
            return "FAILED: the results of \(executable) cannot be read: \(reason)"
        }
    }

    private static func lines(_ executable: String, _ unreported: [String], _ notRun: [String]) -> String {
        var text = ""
        if !unreported.isEmpty {
            text += "\nbenchmarks of \(executable) that did not report (\(unreported.count)):"
            text += unreported.map { "\n    \($0)" }.joined()
        }
        if !notRun.isEmpty { text += "\nnot run: " + notRun.joined(separator: " ") }
        return text
    }
}
