import Foundation
import LatticeBench
import LatticeLab

/// `lattice baseline`: rewrites the committed baseline from a run.
let baselineCommand = Command(
    name: "baseline",
    summary: "write a run's exact figures as the baseline, recording what changed as accepted",
    help: """
    usage: lattice baseline --results FILE --out FILE --accepted FILE

    Writes the exact figures of the results (instructions, mallocs, bytes, custom counts) to
    --out, and appends to --accepted every figure that moved against the baseline --out held
    before (with the run's commit, before and after), benchmarks added and removed included.
    BENCHMARKS.md lists the accepted changes. Both files are written as one set.
    Exit status: 0 written; 1 an input is unreadable or corrupt, or nothing could be written.

    """,
    run: runBaseline
)

private func runBaseline(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--results", "--out", "--accepted"], flags: [])
    let resultsPath = try options.required("--results")
    let out = try options.required("--out")
    let accepted = try options.required("--accepted")
    do {
        let changes = try Baseline.write(try LabFiles.results(resultsPath), to: out, accepted: accepted)
        printError("baseline: \(out) written; \(changes.count) changes accepted into \(accepted)\n")
        for change in changes {
            print("ACCEPTED \(change.benchmark) \(change.metric): "
                  + "\(change.before.map { String($0) } ?? "new") → \(change.after.map { String($0) } ?? "removed")")
        }
        return ExitStatus.ok.rawValue
    } catch {
        printError("lattice baseline: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
