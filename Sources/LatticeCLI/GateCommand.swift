import Foundation
import Lattice
import LatticeBench
import LatticeLab

/// `lattice gate`: whether a release may ship, from a results file and the limits.
let gateCommand = Command(
    name: "gate",
    summary: "exit 3 if the shipped strategy fails a limit or a decision record reopens, 2 on a regression against a baseline, 1 if a benchmark is missing",
    help: """
    usage: lattice gate --results FILE --limits FILE [--baseline FILE]

    Judges every limit of the limits file for the strategy it ships (`ships`), checks that
    it is the runtime's default (PhaseStrategy.shipped), judges every decision record of the
    file's `decisions` against the limits that watch it (holds, reopens, undecided, or not
    watched when no limit does), and, with
    --baseline, compares the results with the baseline's (Mann-Whitney U and a noise band
    for times, exact for counts and instructions, each benchmark's exact figures allowed the
    tolerance of the limits file's `baseline` entries, as `lattice check` allows them).
    `lattice report` judges the same way and prints the same outcome in BENCHMARKS.md and
    the dashboard.

    Prints the decision and the gate's outcome (its exit status and why) in one line, then
    one line per limit that did not pass, per decision record that reopens or is
    undecided (RECORD), and per significant regression, saying why, then a NOT JUDGED line for each thing the gate
    could not judge: results with no benchmarks, a baseline with none, a benchmark in one
    of the two and not the other (a side recorded with --filter is only expected to hold
    what its filter selects).
    Exit status: 0 ship; 1 an input is unreadable or corrupt, or NOT JUDGED (a missing
    benchmark is not a regression, but nothing can be said about it, so the gate never
    passes it); 2 a significant regression beyond its threshold; 3 a limit of the shipped
    strategy failed or could not be decided, the limits file ships another strategy than
    the runtime, or a decision record reopens or could not be judged (a record no limit
    watches does not fail it). 1 outranks 3, which outranks 2.

    """,
    run: runGate
)

private func runGate(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--results", "--limits", "--baseline"], flags: [])
    let resultsPath = try options.required("--results")
    let limitsPath = try options.required("--limits")
    do {
        let baseline = try options.value("--baseline").map { path throws(JSONFileError) in (path, try LabFiles.results(path)) }
        let gate = try ReleaseGate(results: try LabFiles.results(resultsPath), limits: try LabFiles.limits(limitsPath),
                                   runtimeDefault: PhaseStrategy.shipped.rawValue, baseline: baseline)
        gate.lines.forEach { print($0) }
        return gate.status.rawValue
    } catch {
        printError("lattice gate: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
