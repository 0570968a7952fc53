import Foundation
import LatticeBench

/// `lattice compare`: a baseline's results against a candidate's, with significance.
let compareCommand = Command(
    name: "compare",
    summary: "compare two sets of results with significance per benchmark and metric",
    help: """
    usage: lattice compare --baseline FILE [--baseline FILE]... --candidate FILE [--candidate FILE]...
                           [--out FILE]

    Each side may be several results files of one commit (the rounds of an interleaved run,
    one process each). Where both sides recorded the machine's pace, times are compared on
    the samples taken at the machine's reference speed only (undecided when a side has
    fewer than 8). With rounds, they are judged by the rounds: each side's mean log round
    median, the process-to-process deviation pooled over the suite, rounds spoiled across
    their executable left out, and the false discovery rate over all rows held at 5%; a
    change must also exceed ±5%. Otherwise sample against sample (Mann-Whitney U,
    Hodges-Lehmann shift). Counts and instructions are compared exactly.
    Prints the table on stdout; --out also writes it as Markdown (atomically).
    Exit status: 0 no regression; 1 an input is unreadable or corrupt; 2 a significant
    regression.

    """,
    run: runCompare
)

private func runCompare(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--out"], repeatable: ["--baseline", "--candidate"],
                                           flags: [])
    let baselinePaths = options.all("--baseline")
    let candidatePaths = options.all("--candidate")
    guard !baselinePaths.isEmpty else { throw .usage("--baseline is required") }
    guard !candidatePaths.isEmpty else { throw .usage("--candidate is required") }
    do {
        let baselineRounds = try baselinePaths.map { path throws(LabError) in (path, try readResults(path)) }
        let candidateRounds = try candidatePaths.map { path throws(LabError) in (path, try readResults(path)) }
        let baseline = try RoundPool.pool(baselineRounds)
        let candidate = try RoundPool.pool(candidateRounds)
        let comparison: ResultsComparison
        do {
            comparison = try ResultsComparison(baseline: baseline, candidate: candidate,
                                               rounds: (baselineRounds.map(\.1), candidateRounds.map(\.1)))
        } catch {
            throw LabError.corrupt(file: baselinePaths[0], path: "$", reason: "\(error)")
        }
        let title = "Comparison: \(baseline.revision?.commit.prefix(10) ?? "baseline") "
            + "(\(baselinePaths.count) rounds) → \(candidate.revision?.commit.prefix(10) ?? "candidate") "
            + "(\(candidatePaths.count) rounds)"
        let reporter = ComparisonReporter(colour: isatty(STDOUT_FILENO) != 0)
        if let out = options.value("--out") {
            try AtomicFile.write(Data(("# \(title)\n\n" + ComparisonReporter().markdown(comparison) + "\n").utf8),
                                 to: out)
        }
        print(title + "\n\n" + reporter.terminal(comparison), terminator: "")
        return comparison.exitStatus.rawValue
    } catch {
        printError("lattice compare: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
