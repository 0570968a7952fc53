import Foundation
import LatticeBench
import LatticeLab

/// `lattice merge`: the suite's per-executable results files as one.
let mergeCommand = Command(
    name: "merge",
    summary: "merge results files of one run (one per benchmark executable) into one",
    help: """
    usage: lattice merge --out FILE RESULTS... [--metrics-from RESULTS]...

    Concatenates the benchmarks of each RESULTS file (a benchmark name in two files is an
    error); machine, toolchain and commit must agree. Each --metrics-from file (another
    run of the same benchmarks, e.g. with --instructions) adds its metrics to the benchmarks
    of the same name. Writes FILE atomically.
    Exit status: 0 written; 1 an input is unreadable, corrupt or incompatible.

    """,
    run: runMerge
)

private func runMerge(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--out"], repeatable: ["--metrics-from"],
                                           flags: [], positionalAllowed: true)
    let out = try options.required("--out")
    guard !options.positional.isEmpty else { throw .usage("no results files given") }
    do {
        let files = try options.positional.map { path throws(JSONFileError) in try LabFiles.results(path) }
        var merged = try ResultsFile.merged(files)
        for path in options.all("--metrics-from") {
            merged = try merged.joining(try LabFiles.results(path), from: path)
        }
        try merged.write(to: URL(fileURLWithPath: out))
        printError("merge: \(merged.benchmarks.count) benchmarks from \(files.count) files → \(out)\n")
        return ExitStatus.ok.rawValue
    } catch {
        printError("lattice merge: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
