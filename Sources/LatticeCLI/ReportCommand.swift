import Foundation
import Lattice
import LatticeBench
import LatticeLab
import LatticeSuite

/// `lattice report`: BENCHMARKS.md and the dashboard from a results file and the limits.
let reportCommand = Command(
    name: "report",
    summary: "write BENCHMARKS.md and the dashboard from results and limits; print the decision",
    help: """
    usage: lattice report --results FILE --limits FILE --out FILE --dashboard DIR
                          [--history FILE] [--flamegraph SVG] [--results-out FILE] [--accepted FILE]
                          [--baseline FILE] [--record-ships]

    Judges the limits (spec/limits.json) against the results, every strategy of the chain, and
    the release gate on the same inputs, and writes:
      --out FILE        BENCHMARKS.md: the decision first, then every section of the suite
      --dashboard DIR   DIR/index.html, a self-contained dashboard (inline SVG charts)
      --history FILE    the runs recorded so far; this run is added (a run already there is
                        replaced), the file rewritten and drawn in the dashboard
      --flamegraph SVG  an SVG flamegraph (the harness's --profile output) to embed; also
                        copied to DIR/flamegraph.svg
      --results-out FILE
                        a copy of the results (results/latest.json), which BENCHMARKS.md then
                        names as its source
      --accepted FILE   the changes accepted into the committed baseline
                        (results/accepted.json), listed in BENCHMARKS.md
      --record-ships    write the run's decision into the limits file as its `ships` (a
                        full run: what ships is computed, never typed), with the other
                        outputs; nothing when the run decides nothing or the file agrees
      --baseline FILE   the committed baseline (results/baseline.json): the gate compares the
                        results with it as `lattice gate --baseline` does, and the dashboard
                        shows the instruction count that moved most against it, judged as
                        the baseline check judges it, and the functions that moved it

    BENCHMARKS.md and the dashboard print the release gate's outcome (`lattice gate` on the
    same inputs, its exit status and why). They name their inputs relative to the current
    folder (the package root), so the same inputs give the same bytes in any checkout. Prints the decision and that outcome in one line
    on stdout. The same inputs give the same files.
    The outputs are one set: each is staged beside its target, and they are renamed over
    their targets only once all are staged, so nothing is written unless every input was
    read (results with no benchmarks are refused), every output rendered and staged.
    Exit status: 0 written, 1 an input is unreadable or corrupt, or an output cannot be
    written (every output is then as it was).

    """,
    run: runReport
)

private func runReport(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--results", "--limits", "--out", "--dashboard",
                                                              "--history", "--flamegraph", "--results-out",
                                                              "--accepted", "--baseline"],
                                           flags: ["--record-ships"])
    let paths = Report.Paths(results: try options.required("--results"), limits: try options.required("--limits"),
                             page: try options.required("--out"), dashboard: try options.required("--dashboard"),
                             history: options.value("--history"), flamegraph: options.value("--flamegraph"),
                             resultsCopy: options.value("--results-out"), accepted: options.value("--accepted"),
                             baseline: options.value("--baseline"), recordsShips: options.has("--record-ships"),
                             root: FileManager.default.currentDirectoryPath)
    do {
        let gate = try Report.write(paths, suite: LatticeSuite(), runtimeDefault: PhaseStrategy.shipped.rawValue)
        print(gate.oneLine)
        return ExitStatus.ok.rawValue
    } catch {
        printError("lattice report: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
