import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

@Suite struct BaselineTests {
    /// A benchmark with instructions per heap layout, mallocs and a wall time.
    private func read(_ name: String, instructions: [Double], mallocs: Double = 3) throws -> BenchmarkResult {
        BenchmarkResult(name: name, metrics: [
            try MetricResult(metric: .wallTime, samples: LabSamples.times(around: 1_000)),
            try MetricResult(metric: .instructions, samples: instructions),
            try MetricResult(metric: .mallocs, samples: [mallocs, mallocs, mallocs]),
        ], iterationsPerSample: 1)
    }

    private let limits = LimitsFile(limits: [], baseline: [
        BaselineTolerance(benchmarks: "PhaseRead/*", tolerance: 0, why: "hot"),
        BaselineTolerance(benchmarks: "CommitScaling/*", tolerance: 0.02, why: "a whole commit"),
    ])

    private func check(_ baseline: [BenchmarkResult], _ run: [BenchmarkResult]) throws -> BaselineCheck {
        try BaselineCheck(baseline: Baseline.exactFigures(of: LabSamples.file(baseline)),
                          results: LabSamples.file(run), limits: limits, resultsPath: "run.json")
    }

    @Test func theSameFiguresPassAndTimesAreNotJudged() throws {
        let baseline = [try read("PhaseRead/stored/Dashboard/tracked", instructions: [20_164, 20_175, 20_185])]
        var slower = try read("PhaseRead/stored/Dashboard/tracked", instructions: [20_175, 20_164, 20_164])
        slower.metrics[0] = try MetricResult(metric: .wallTime, samples: LabSamples.times(around: 9_000))
        let check = try check(baseline, [slower])
        #expect(check.status == .ok)
        #expect(check.rows.map(\.comparison.metric.name) == ["instructions", "mallocs"], "exact figures only")
        #expect(check.rows.map(\.identical) == [false, true], "the layouts' counts moved; the mallocs did not")
        #expect(check.lines.first?.hasPrefix("baseline check: 2 exact figures (1 identical to the last digit), 0 regressions") == true)
    }

    @Test func aHotReadToleratesNothingBeyondItsSpreadAndACommitItsTolerance() throws {
        let baseline = [try read("PhaseRead/stored/Dashboard/untracked", instructions: [9_000, 9_000, 9_000]),
                        try read("CommitScaling/rootVerdict/10", instructions: [15_000, 15_100, 15_050])]
        let run = [try read("PhaseRead/stored/Dashboard/untracked", instructions: [9_002, 9_002, 9_002]),
                   try read("CommitScaling/rootVerdict/10", instructions: [15_300, 15_350, 15_320])]
        let check = try check(baseline, run)
        #expect(check.regressions.map(\.benchmark) == ["PhaseRead/stored/Dashboard/untracked"])
        #expect(check.status == .regression)
        let line = try #require(check.lines.first { $0.hasPrefix("REGRESSION") })
        #expect(line.contains("PhaseRead/stored/Dashboard/untracked instructions") && line.contains("hot"))
    }

    @Test func anAllocationMoreIsARegression() throws {
        let check = try check([try read("PhaseRead/stored/IssueScreen/tracked", instructions: [1_000])],
                              [try read("PhaseRead/stored/IssueScreen/tracked", instructions: [1_000], mallocs: 4)])
        #expect(check.regressions.map(\.comparison.metric.name) == ["mallocs"])
    }

    /// `bodies` per operation with the events behind it.
    private func bodies(_ count: Double, _ events: [CountEvent]) throws -> BenchmarkResult {
        var metric = try MetricResult(metric: .count("bodies"), samples: [count, count, count])
        metric.events = events
        return BenchmarkResult(name: "BodyReruns/derived/Dashboard/verdictValue", metrics: [metric], iterationsPerSample: 1)
    }

    @Test func aReRunMoreNamesTheCommitAndFieldBehindTheExtraBody() throws {
        let shown = CountEvent(commit: 3, origin: "local update", fields: ["User.name"], body: "Dashboard.phase")
        // The run's extra body: its own commit, by another field; the baseline's moved to commit 4.
        let extra = CountEvent(commit: 3, origin: "response", fields: ["Issue.title"], body: "Dashboard.phase")
        let moved = CountEvent(commit: 4, origin: "local update", fields: ["User.name"], body: "Dashboard.phase")
        let check = try check([try bodies(1, [shown])], [try bodies(2, [extra, moved])])
        #expect(check.status == .regression)
        #expect(check.regressions.map(\.compared.addedEvents) == [[extra]])
        let lines = check.lines
        let at = try #require(lines.firstIndex { $0.hasPrefix("REGRESSION BodyReruns/derived/Dashboard/verdictValue bodies") })
        #expect(lines[at + 1] == "  BodyReruns/derived/Dashboard/verdictValue bodies: 1 → 2; the events the baseline lacks:")
        #expect(lines[at + 2] == "    commit 3 (response) → `Issue.title` → Dashboard.phase")
        #expect(at + 3 == lines.count)
    }

    @Test func aBenchmarkOnOneSideOnlyFailsClosed() throws {
        let one = try read("PhaseRead/stored/Dashboard/tracked", instructions: [1_000])
        let other = try read("PhaseRead/derived/Dashboard/tracked", instructions: [2_000])
        let missing = try check([one, other], [one])
        #expect(missing.status == .couldNotRun)
        #expect(missing.lines.contains { $0.hasPrefix("NOT JUDGED PhaseRead/derived/Dashboard/tracked") })
        let added = try check([one], [one, other])
        #expect(added.status == .couldNotRun)
        #expect(added.lines.contains { $0.contains("not in the baseline") })
        #expect(try check([], [one]).status == .couldNotRun)
    }

    @Test func retainsAreJudgedExactlyAndANewFigureTheBaselineKeepsElsewhereFailsClosed() throws {
        func run(retains: Double, written: Double?) throws -> [BenchmarkResult] {
            var image = try read("RecordPage/imageWrite", instructions: [1_000])
            image.metrics.append(try MetricResult(metric: .retains, samples: [retains]))
            image.metrics.append(try MetricResult(metric: .bytesWritten, samples: [4_096, 4_096]))
            var commit = try read("RecordPage/commitAgain", instructions: [2_000])
            if let written { commit.metrics.append(try MetricResult(metric: .bytesWritten, samples: [written])) }
            return [image, commit]
        }
        let baseline = try run(retains: 12, written: nil)
        #expect(try check(baseline, run(retains: 12, written: nil)).status == .ok)
        let more = try check(baseline, run(retains: 13, written: nil))
        #expect(more.regressions.map(\.comparison.metric.name) == ["retains"])
        let writing = try check(baseline, run(retains: 12, written: 100))
        #expect(writing.status == .couldNotRun)
        #expect(writing.lines.contains { $0.hasPrefix("NOT JUDGED RecordPage/commitAgain bytesWritten: measured, not in the baseline") })
        // A figure the baseline holds nowhere waits for its rewrite.
        let older = try [read("RecordPage/imageWrite", instructions: [1_000]), read("RecordPage/commitAgain", instructions: [2_000])]
        #expect(try check(older, run(retains: 12, written: nil)).status == .ok)
    }

    /// A benchmark timed only (GeneratedCompile) has nothing a baseline of exact figures keeps:
    /// the check and the gate do not call it missing from one; against another run's results,
    /// which hold times, it is missing as any benchmark is.
    @Test func aTimedOnlyBenchmarkIsNeverMissingFromABaselineOfExactFigures() throws {
        let one = try read("PhaseRead/stored/Dashboard/tracked", instructions: [1_000])
        let timed = try LabSamples.timed("GeneratedCompile/full", 1_000_000_000)
        #expect(try check([one], [one, timed]).status == .ok)
        let exact = Baseline.exactFigures(of: LabSamples.file([one]))
        #expect(Baseline.comparable(LabSamples.file([one, timed]), against: exact).benchmarks.map(\.name)
                == [one.name])
        let times = LabSamples.file([one])
        #expect(Baseline.comparable(LabSamples.file([one, timed]), against: times).benchmarks.count == 2)
        let gate = try ReleaseGate(results: LabSamples.file([one, timed]), limits: LabSamples.limits(ships: "stored"),
                                   runtimeDefault: "stored", baseline: ("baseline.json", exact))
        #expect(gate.gaps.isEmpty, "\(gate.gaps)")
        let againstTimes = try ReleaseGate(results: LabSamples.file([one, timed]),
                                           limits: LabSamples.limits(ships: "stored"),
                                           runtimeDefault: "stored", baseline: ("run.json", times))
        #expect(againstTimes.gaps == ["against run.json: missing from the baseline: GeneratedCompile/full"])
    }

    @Test func rewritingTheBaselineRecordsWhatMovedAsAccepted() throws {
        let directory = try LabSamples.temporaryDirectory()
        let baselinePath = directory.appendingPathComponent("baseline.json").path
        let acceptedPath = directory.appendingPathComponent("accepted.json").path
        let first = LabSamples.file([try read("PhaseRead/stored/Dashboard/tracked", instructions: [1_000, 1_010])],
                                    commit: String(repeating: "a", count: 40))
        #expect(try Baseline.write(first, to: baselinePath, accepted: acceptedPath).isEmpty)
        let kept = try LabFiles.results(baselinePath)
        #expect(kept.benchmarks.first?.metrics.map(\.metric.name) == ["instructions", "mallocs"])

        let second = LabSamples.file([try read("PhaseRead/stored/Dashboard/tracked", instructions: [1_100, 1_105]),
                                      try read("PhaseRead/rootVerdict/Dashboard/tracked", instructions: [900])],
                                     commit: String(repeating: "b", count: 40))
        let changes = try Baseline.write(second, to: baselinePath, accepted: acceptedPath)
        #expect(changes.map { "\($0.benchmark) \($0.metric)" }.sorted() == [
            "PhaseRead/rootVerdict/Dashboard/tracked instructions", "PhaseRead/rootVerdict/Dashboard/tracked mallocs",
            "PhaseRead/stored/Dashboard/tracked instructions"])
        let moved = try #require(changes.first { $0.benchmark == "PhaseRead/stored/Dashboard/tracked" })
        #expect(moved.before == 1_005 && moved.after == 1_102.5 && moved.commit == String(repeating: "b", count: 40))
        #expect(try AcceptedChange.read(from: acceptedPath) == changes)
    }

    @Test func aCorruptAcceptedFileLeavesTheBaselineAsItWas() throws {
        let directory = try LabSamples.temporaryDirectory()
        let baselinePath = directory.appendingPathComponent("baseline.json").path
        let acceptedPath = directory.appendingPathComponent("accepted.json").path
        let first = LabSamples.file([try read("PhaseRead/stored/Dashboard/tracked", instructions: [1_000])])
        try Baseline.write(first, to: baselinePath, accepted: acceptedPath)
        let before = try Data(contentsOf: URL(fileURLWithPath: baselinePath))
        try Data("{".utf8).write(to: URL(fileURLWithPath: acceptedPath))
        let second = LabSamples.file([try read("PhaseRead/stored/Dashboard/tracked", instructions: [2_000])])
        #expect(throws: JSONFileError.self) { try Baseline.write(second, to: baselinePath, accepted: acceptedPath) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: baselinePath)) == before)
    }

    @Test func anExactCompareJudgesNoTimes() throws {
        let directory = try LabSamples.temporaryDirectory()
        func write(_ name: String, nanoseconds: Double) throws -> String {
            var benchmark = try read("PhaseRead/stored/Dashboard/tracked", instructions: [20_164, 20_175, 20_185])
            benchmark.metrics[0] = try MetricResult(metric: .wallTime, samples: LabSamples.times(around: nanoseconds))
            let url = directory.appendingPathComponent(name)
            try LabSamples.file([benchmark]).write(to: url)
            return url.path
        }
        let fast = try write("fast.json", nanoseconds: 1_000)
        let slow = try write("slow.json", nanoseconds: 3_000)
        let timed = try RoundsComparison(baselinePaths: [fast], candidatePaths: [slow])
        #expect(timed.comparison.exitStatus == .regression)
        let exact = try RoundsComparison(baselinePaths: [fast], candidatePaths: [slow], exactOnly: true)
        #expect(exact.comparison.exitStatus == .ok)
        #expect(exact.comparison.rows.map(\.comparison.metric.name).sorted() == ["instructions", "mallocs"])
    }

    @Test func aMovedInstructionCountNamesTheFunctionThatMoved() throws {
        func attributed(_ visit: Double) throws -> BenchmarkResult {
            let functions = [FunctionCost(name: "Lattice.VerdictWalk.visit(_:on:bound:)", selfInstructions: visit,
                                          inclusiveInstructions: visit),
                             FunctionCost(name: "Lattice.Lens.read(_:)", selfInstructions: 700, inclusiveInstructions: 700)]
            return BenchmarkResult(name: "PhaseRead/derived/Dashboard/untracked", metrics: [
                try MetricResult(metric: .instructions, samples: [visit + 700], functions: functions,
                                 functionsOmittedBelow: 0)], iterationsPerSample: 1)
        }
        let check = try check([try attributed(300)], [try attributed(500)])
        #expect(check.status == .regression)
        let at = try #require(check.lines.firstIndex { $0.hasPrefix("REGRESSION PhaseRead/derived/Dashboard/untracked") })
        let below = check.lines[(at + 1)...].prefix(4).joined(separator: "\n")
        #expect(below.contains("Lattice.VerdictWalk.visit(_:on:bound:)") && below.contains("+200"))
        #expect(!below.contains("Lens.read"), "a function that did not move is not named")
    }

    @Test func compareAppliesTheBaselineTolerancesAsTheCheckDoes() throws {
        let directory = try LabSamples.temporaryDirectory()
        func write(_ name: String, _ instructions: [Double]) throws -> String {
            let url = directory.appendingPathComponent(name)
            try LabSamples.file([try read("CommitScaling/stored/10", instructions: instructions)]).write(to: url)
            return url.path
        }
        let before = try write("before.json", [15_000, 15_010, 15_020])
        let after = try write("after.json", [15_100, 15_110, 15_120])
        let strict = try RoundsComparison(baselinePaths: [before], candidatePaths: [after], exactOnly: true)
        #expect(strict.comparison.exitStatus == .regression)
        let tolerant = try RoundsComparison(baselinePaths: [before], candidatePaths: [after], exactOnly: true,
                                            limits: limits)
        #expect(tolerant.comparison.exitStatus == .ok, "+0.7 % is within CommitScaling's 2 %")
        let much = try write("much.json", [16_000, 16_010, 16_020])
        #expect(try RoundsComparison(baselinePaths: [before], candidatePaths: [much], exactOnly: true,
                                     limits: limits).comparison.exitStatus == .regression)
    }
}
