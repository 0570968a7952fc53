import Foundation
import Lattice
import LatticeBench
import LatticeLab
import LatticeSuite

/// `lattice bench`: Lattice's suite run, reported, gated, checked, baselined or compared
/// (LatticeLab's `Bench`); the CLI only hands the lab the suite (`LatticeSuite`) and the runtime's
/// shipped strategy.
let benchCommand = Command(
    name: "bench",
    summary: "run the benchmark suite, report, gate, check, baseline or compare (scripts/bench.sh)",
    help: BenchRequest.usage(for: LatticeSuite()),
    run: runBench
)

private func runBench(_ arguments: [String]) throws(CommandError) -> Int32 {
    let request: BenchRequest
    do {
        request = try BenchRequest.parse(arguments)
    } catch {
        throw .usage(error.description)
    }
    if request.listsExecutables {
        LatticeSuite().executables.forEach { print($0.name) }
        return ExitStatus.ok.rawValue
    }
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let bin = request.bin.map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let bench = Bench(request, suite: LatticeSuite(), layout: LabLayout(root: root), bin: bin,
                      runtimeDefault: PhaseStrategy.shipped.rawValue)
    do {
        if request.listsCommits {
            try bench.commitsToBuild().forEach { print($0) }
            return ExitStatus.ok.rawValue
        }
        return try bench.run().rawValue
    } catch {
        printError("lattice bench: \(error)\n")
        return ExitStatus.couldNotRun.rawValue
    }
}
