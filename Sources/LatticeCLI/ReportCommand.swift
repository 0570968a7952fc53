import Foundation
import LatticeBench

/// `lattice report`: BENCHMARKS.md and the dashboard from a results file and the limits.
let reportCommand = Command(
    name: "report",
    summary: "write BENCHMARKS.md and the dashboard from results and limits; print the decision",
    help: """
    usage: lattice report --results FILE --limits FILE --out FILE --dashboard DIR
                          [--history FILE] [--flamegraph SVG]

    Judges the limits (spec/limits.json) against the results for `derived` and for the
    strategy the limits file ships, and writes:
      --out FILE        BENCHMARKS.md: the decision first, then every section of the suite
      --dashboard DIR   DIR/index.html, a self-contained dashboard (inline SVG charts)
      --history FILE    the runs recorded so far; this run is added (a run already there is
                        replaced), the file rewritten and drawn in the dashboard
      --flamegraph SVG  an SVG flamegraph (the harness's --profile output) to embed

    Prints the decision in one line on stdout. The same inputs give the same files.
    Nothing is written unless every input was read and every output rendered.
    Exit status: 0 written, 1 an input is unreadable or corrupt (nothing written).

    """,
    run: runReport
)

private func runReport(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--results", "--limits", "--out", "--dashboard",
                                                              "--history", "--flamegraph"], flags: [])
    let resultsPath = try options.required("--results")
    let limitsPath = try options.required("--limits")
    let outPath = try options.required("--out")
    let dashboardPath = try options.required("--dashboard")
    do {
        let results = try readResults(resultsPath)
        let limits = try readLimits(limitsPath)
        let historyPath = options.value("--history")
        let history = try historyPath.map { path throws(LabError) in try History.read(from: URL(fileURLWithPath: path)) }
        let flamegraph = try options.value("--flamegraph").map { path throws(LabError) in
            (name: URL(fileURLWithPath: path).lastPathComponent, svg: try readFile(path))
        }
        let findings = Findings(results: results, limits: limits, runtimeDefault: Decision.runtimeShipped)
        let document = BenchmarksDocument(findings: findings, resultsPath: resultsPath, limitsPath: limitsPath).render()
        let updatedHistory = (history ?? History()).adding(findings.historyEntry())
        let dashboard = Dashboard(findings: findings, history: history == nil ? History() : updatedHistory,
                                  flamegraph: flamegraph).render()
        let historyData = try updatedHistory.encoded()

        try AtomicFile.write(Data(document.utf8), to: outPath)
        try AtomicFile.write(Data(dashboard.utf8), to: URL(fileURLWithPath: dashboardPath)
            .appendingPathComponent("index.html").path)
        if let historyPath { try AtomicFile.write(historyData, to: historyPath) }
        print(findings.decision.oneLine)
        return ExitStatus.ok.rawValue
    } catch {
        printError("lattice report: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}

/// Reads a results file, as a `LabError`.
func readResults(_ path: String) throws(LabError) -> ResultsFile {
    do {
        return try ResultsFile.read(from: URL(fileURLWithPath: path))
    } catch {
        throw .results(error)
    }
}

/// Reads a limits file, as a `LabError`.
func readLimits(_ path: String) throws(LabError) -> LimitsFile {
    do {
        return try LimitsFile.read(from: URL(fileURLWithPath: path))
    } catch {
        throw .limits(error)
    }
}

/// Reads a whole file, as a `LabError`.
func readFile(_ path: String) throws(LabError) -> Data {
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw .unreadable(file: path, reason: error.localizedDescription)
    }
}
