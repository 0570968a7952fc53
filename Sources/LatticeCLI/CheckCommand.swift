import Foundation
import LatticeBench
import LatticeLab

/// `lattice check`: a run's exact figures against the committed baseline.
let checkCommand = Command(
    name: "check",
    summary: "judge a run's instructions, allocations and counts against the committed baseline",
    help: """
    usage: lattice check --results FILE --baseline FILE --limits FILE

    Compares every exact figure of the baseline (instructions, mallocs, bytes, custom counts)
    with the run's, allowing each group of benchmarks the tolerance the limits file's
    `baseline` entries give it (nothing where none does). An instruction count carries one
    sample per heap layout; a change must move its whole range, and by more than half an
    instruction per operation. Times are not judged.
    Prints one line per regression, improvement and figure not judged.
    Exit status: 0 within the baseline; 1 an input is unreadable or corrupt, or a benchmark or
    figure is on one side only (a new benchmark needs `scripts/bench.sh baseline`); 2 a
    regression beyond its tolerance (accept it by rewriting the baseline in the same commit).

    """,
    run: runCheck
)

private func runCheck(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--results", "--baseline", "--limits"], flags: [])
    let resultsPath = try options.required("--results")
    let baselinePath = try options.required("--baseline")
    let limitsPath = try options.required("--limits")
    do {
        let check = try BaselineCheck(baseline: try LabFiles.results(baselinePath),
                                      results: try LabFiles.results(resultsPath),
                                      limits: try LabFiles.limits(limitsPath).file, resultsPath: resultsPath)
        check.lines.forEach { print($0) }
        return check.status.rawValue
    } catch {
        printError("lattice check: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
