import Foundation
import LatticeBench

/// `lattice gate`: whether a release may ship, from a results file and the limits.
let gateCommand = Command(
    name: "gate",
    summary: "exit 3 if the shipped strategy fails a limit, 2 on a regression against a baseline",
    help: """
    usage: lattice gate --results FILE --limits FILE [--baseline FILE]

    Judges every limit of the limits file for the strategy it ships (`ships`), checks that
    it is the runtime's default (PhaseStrategy.shipped), and, with
    --baseline, compares the results with the baseline's (Mann-Whitney U and a noise band
    for times, exact for counts and instructions).

    Prints the decision in one line, then one line per limit that did not pass and per
    significant regression, saying why.
    Exit status: 0 ship; 1 an input is unreadable or corrupt; 2 a significant regression
    beyond its threshold; 3 a limit of the shipped strategy failed or could not be decided,
    or the limits file ships another strategy than the runtime (3 outranks 2).

    """,
    run: runGate
)

private func runGate(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--results", "--limits", "--baseline"], flags: [])
    let resultsPath = try options.required("--results")
    let limitsPath = try options.required("--limits")
    do {
        let results = try readResults(resultsPath)
        let limits = try readLimits(limitsPath)
        let baseline = try options.value("--baseline").map { path throws(LabError) in try readResults(path) }
        let decision = Decision(limits: limits, results: results, runtimeDefault: Decision.runtimeShipped)
        print(decision.oneLine)
        if let line = decision.mismatchLine { print(line) }
        for evaluation in decision.shipped where !evaluation.outcome.passed {
            print(LimitReporter().line(for: evaluation))
        }
        var statuses = [decision.gateStatus]
        if let baseline {
            let comparison: ResultsComparison
            do {
                comparison = try ResultsComparison(baseline: baseline, candidate: results)
            } catch {
                throw LabError.corrupt(file: options.value("--baseline") ?? "baseline", path: "$", reason: "\(error)")
            }
            RegressionLine.lines(comparison).forEach { print($0) }
            statuses.append(comparison.exitStatus)
        }
        return ExitStatus.worst(statuses).rawValue
    } catch {
        printError("lattice gate: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
