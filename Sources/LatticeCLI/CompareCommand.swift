import Foundation
import LatticeBench
import LatticeLab

/// `lattice compare`: a baseline's results against a candidate's, with significance.
let compareCommand = Command(
    name: "compare",
    summary: "compare two sets of results with significance per benchmark and metric",
    help: """
    usage: lattice compare --baseline FILE [--baseline FILE]... --candidate FILE [--candidate FILE]...
                           [--exact] [--limits FILE] [--out FILE]

    Each side may be several results files of one commit (the rounds of an interleaved run,
    one process each). Where both sides recorded the machine's pace, times are compared on
    the samples taken at the machine's reference speed only (undecided when a side has
    fewer than 8). With rounds, they are judged by the rounds: each side's mean log round
    median, the process-to-process deviation pooled over the suite, rounds spoiled across
    their executable left out, and the false discovery rate over all rows held at 5%; a
    change must also exceed ±5%. Otherwise sample against sample (Mann-Whitney U,
    Hodges-Lehmann shift). Counts, allocations and instructions are compared exactly: a
    change must move the whole range of their samples (one per heap layout for
    instructions) and exceed half a unit per operation. --exact compares only those, for
    sides whose times were not measured in rounds. --limits gives each benchmark's exact
    figures the tolerance of the limits file's `baseline` entries, as `lattice check` does.
    Prints the table on stdout; --out also writes it as Markdown (atomically). A side with
    no benchmarks, or a benchmark on one side only, is listed as NOT JUDGED (a side recorded
    with --filter is only expected to hold what its filter selects).
    Exit status: 0 no regression; 1 an input is unreadable or corrupt, or something is NOT
    JUDGED (a missing benchmark is not a regression, but the comparison never passes it);
    2 a significant regression.

    """,
    run: runCompare
)

private func runCompare(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--out", "--limits"], repeatable: ["--baseline", "--candidate"],
                                           flags: ["--exact"])
    let baselinePaths = options.all("--baseline")
    let candidatePaths = options.all("--candidate")
    guard !baselinePaths.isEmpty else { throw .usage("--baseline is required") }
    guard !candidatePaths.isEmpty else { throw .usage("--candidate is required") }
    do {
        let compared = try RoundsComparison(baselinePaths: baselinePaths, candidatePaths: candidatePaths,
                                                exactOnly: options.has("--exact"),
                                                limits: try options.value("--limits").map { path throws(JSONFileError) in
                                                    try LabFiles.limits(path).file
                                                })
        if let out = options.value("--out") { try compared.write(to: out) }
        let renderer = ComparisonRenderer(colour: isatty(STDOUT_FILENO) != 0)
        print(compared.title + "\n\n" + renderer.terminal(compared.comparison), terminator: "")
        if !compared.comparison.gaps.isEmpty {
            printError("lattice compare: incomplete, exit 1: see the NOT JUDGED lines above\n")
        }
        return compared.comparison.exitStatus.rawValue
    } catch {
        printError("lattice compare: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
