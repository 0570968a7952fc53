import Foundation
import LatticeBench

extension Bench {
    /// Compares two commits, each run from its own checkout with its own release executables
    /// (`scripts/bench.sh` checks them out under `.build/lab/worktrees/` and builds them into
    /// `.build/lab/bins/<commit>/`). Exact figures first: one quick run a side (allocations,
    /// counts) and one instruction pass a side, both sides at once, compared exactly. With
    /// `--time`, the quick runs are rounds taken A B, then B A (whatever running second does to
    /// a process cancels over the rounds), one side at a time, judged at the machine's
    /// reference pace. The limits' baseline tolerances are the running checkout's: the judge's.
    /// `--filter` narrows both sides' passes as it narrows a run.
    /// Writes `.build/lab/compare/<base>-<head>.md`; returns the comparison's exit status.
    func compare(base: String, head: String) throws(BenchError) -> ExitStatus {
        let sides = [base, head]
        let runners = sides.map { runner(bin: layout.bins(of: $0), checkout: layout.worktree(of: $0)) }
        for (side, commit) in sides.enumerated() where !FileManager.default.fileExists(atPath: runners[side].checkout.path) {
            throw .other("no checkout of \(commit.prefix(12)) at \(runners[side].checkout.path) (scripts/bench.sh compare makes it)")
        }
        let out = layout.lab.appendingPathComponent("compare/\(base.prefix(12))-\(head.prefix(12))")
        try? FileManager.default.removeItem(at: out)
        let rounds = request.timedRounds ?? 1
        let filter = request.filter
        var files: [[String]] = [[], []]
        // Each side runs the suite's executables its commit has: one added since is run on the
        // other side only, and the comparison lists its benchmarks as not judged.
        let executables = sides.map { commit in
            suite.executables.filter { executable in
                FileManager.default.isExecutableFile(atPath: layout.bins(of: commit).appendingPathComponent(executable.name).path)
            }
        }
        for (side, commit) in sides.enumerated() {
            let absent = suite.executables.filter { !executables[side].contains($0) }.map(\.name)
            if !absent.isEmpty {
                log("\(commit.prefix(12)) has no \(absent.joined(separator: " ")): its benchmarks are on one side only",
                    timed: false)
            }
        }
        for round in 1...rounds {
            let order = round % 2 == 1 ? [0, 1] : [1, 0]
            let pass = SuitePass(mode: .measure, quick: true, filter: filter)
            let run = { @Sendable (side: Int) -> Result<SuiteRunner.Output, SuiteFailure> in
                Result { () throws(SuiteFailure) in
                    try runners[side].run(executables[side], pass, into: out.appendingPathComponent("round\(round)-\(side)"))
                }
            }
            var outputs: [Int: SuiteRunner.Output] = [:]
            if request.timedRounds != nil {
                for side in order {
                    log("round \(round)/\(rounds): \(sides[side].prefix(12))")
                    outputs[side] = try suiteRun { () throws(SuiteFailure) in try run(side).get() }
                }
            } else {
                // Only exact figures are judged: both sides measure at once.
                log("round \(round)/\(rounds): both sides")
                let both = try concurrently(order, run)
                for (index, side) in order.enumerated() { outputs[side] = both[index] }
            }
            for side in order {
                guard let output = outputs[side] else { continue }
                files[side].append(try write(merged(output), to: out.appendingPathComponent("round\(round)-\(side).json")))
            }
        }
        log("instructions: both sides")
        let instructions = try concurrently([0, 1]) { side in
            Result { () throws(SuiteFailure) in
                try runners[side].run(executables[side], SuitePass(mode: .instructions, quick: true, filter: filter),
                                      into: out.appendingPathComponent("instructions-\(side)"))
            }
        }
        for side in [0, 1] {
            files[side].append(try write(merged(instructions[side]),
                                         to: out.appendingPathComponent("instructions-\(side).json")))
        }
        let report = out.path + ".md"
        let compared = try file { () throws(JSONFileError) in
            let compared = try RoundsComparison(baselinePaths: files[0], candidatePaths: files[1],
                                                exactOnly: request.timedRounds == nil,
                                                limits: try LabFiles.limits(layout.limits).file)
            try compared.write(to: report)
            return compared
        }
        print(compared.title + "\n\n" + ComparisonRenderer(colour: false).terminal(compared.comparison), terminator: "")
        if !compared.comparison.gaps.isEmpty {
            log("incomplete, exit 1: see the NOT JUDGED lines above", timed: false)
        }
        log("comparison written to \(report)")
        return compared.comparison.exitStatus
    }

    /// Writes `results` to `url`; returns its path.
    private func write(_ results: ResultsFile, to url: URL) throws(BenchError) -> String {
        try file { () throws(JSONFileError) in try results.write(to: url) }
        return url.path
    }
}
