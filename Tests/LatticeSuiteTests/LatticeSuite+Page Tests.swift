import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

@Suite struct LatticeSuitePageTests {
    private func page(_ results: ResultsFile, ships: String = "derived") throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(results, ships: ships),
                           resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    @Test func sameResultsGiveTheSameBytes() throws {
        let first = try ResultsFile.read(from: LabSamples.sampleResultsURL)
        let second = try ResultsFile.read(from: LabSamples.sampleResultsURL)
        #expect(try page(first) == page(second))
    }

    @Test func theDecisionComesFirstWithBothNumbersBesideTheirBounds() throws {
        let text = try page(LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)))
        let decision = try #require(text.range(of: "## Decision"))
        let firstSection = try #require(text.range(of: "## Phase read"))
        #expect(decision.lowerBound < firstSection.lowerBound)
        #expect(text.contains("**`derived` ships: the first strategy of the chain to pass every limit that applies to it"))
        #expect(text.contains("| derived | phase-read-largest | PhaseRead/derived/Dashboard/tracked | median 20.0 µs |"))
        #expect(text.contains("| derived | extra-bodies-spreads-only | BodyReruns/derived/IssueScreen/verdictValue | value 0 | exact | 2 | ≤ 0 | passed |"))
        #expect(text.contains("| derived | commit-scaling-instructions | CommitScaling/derived/10000/untouched ÷ "
                              + "CommitScaling/derived/10/untouched | median ratio 1.00× | exact | 1 | ≤ 1.50× | passed |"))
        #expect(text.contains("- toolchain: Swift version 6.3.1"))
        #expect(text.contains("- commit: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"))
        #expect(!text.contains("QUICK RUN"))
    }

    @Test func aQuickRunIsMarkedAsSuch() throws {
        let text = try page(LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0),
                                            quick: true))
        #expect(text.contains("**QUICK RUN.**"))
    }

    @Test func theDecisionReadsAsTheChainAndSaysWhatTheUserGains() throws {
        let text = try page(LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0)
                                            + [try LabSamples.timed("CommitScaling/rootVerdict/10000", 2_000),
                                               try LabSamples.timed("CommitScaling/stored/10000", 13_400_000)]),
                            ships: "rootVerdict")
        #expect(text.contains("**`rootVerdict` ships: the first strategy of the chain to pass every limit that applies "
                              + "to it (derived failed phase-read-largest; rootVerdict passed 5 of 5 limits).**"))
        #expect(text.contains("1. **`derived`**, the phase derived when read (decision record 0001): failed phase-read-largest."))
        #expect(text.contains("2. **`rootVerdict`**"))
        #expect(text.contains("3. **`stored`**"))
        #expect(text.contains("a commit with 10,000 retained handles costs 2.00 µs against 13.4 ms"))
        #expect(text.contains("| stored | phase-read-largest | PhaseRead/stored/Dashboard/tracked |"))
    }

    @Test func noisyFiguresAreShownUndecided() throws {
        let noisy = BenchmarkResult(name: "ReadScaling/derived/64", metrics: [
            try MetricResult(metric: .wallTime, samples: [1_000, 9_000, 2_000, 8_000, 5_000])], iterationsPerSample: 1)
        let text = try page(LabSamples.file([noisy]))
        #expect(text.contains("| 64 | undecided (5.00 µs, robust CV "))
        // The figures line names it too: a figure undecided in a table that judges no goal is
        // found from the top of the page.
        #expect(text.contains("- figures: 0 of 1 time figures decided at the machine's reference pace "
                              + "(1 undecided, 100.0%: ReadScaling/derived/64)"))
    }

    @Test func sectionsWithoutBenchmarksSayNotMeasured() throws {
        let text = try page(LabSamples.file([]))
        #expect(text.contains("## Commit scaling\n\nNot measured in this run."))
        #expect(text.contains("**Nothing is decided: a strategy of the chain could not be judged"))
    }

    @Test func fieldReadStandsBesideTheRecordsFigures() throws {
        let text = try page(LabSamples.file([try LabSamples.timed("FieldRead/generatedTracked/8", 1_600),
                                             try LabSamples.timed("FieldRead/generatedTracked/32", 6_400)]))
        #expect(text.contains("| 8 | generatedTracked | 1.60 µs ["))
        #expect(text.contains("| 200 ns [") && text.contains("| 638 ns |"))
    }

    @Test func aGoalIsJudgedAndReportedButNeverGates() throws {
        // Untracked 1.5 × against a bound of 1.2: failed; the gate does not look at goals.
        let goal = Limit(id: "generated-read-untracked", description: "goal", benchmark: "FieldRead/generatedUntracked/8",
                         relativeTo: "FieldRead/observableUntracked/8", metric: "wallTime", statistic: .median, bound: 1.2)
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)
            + [try LabSamples.timed("FieldRead/generatedUntracked/8", 150),
               try LabSamples.timed("FieldRead/observableUntracked/8", 100)])
        let limits = LabSamples.limits(ships: "derived", goals: [goal])
        let withGoal = Findings(gate: try ReleaseGate(results: results, limits: limits, runtimeDefault: "derived"),
                                suite: LatticeSuite())
        let without = Findings(gate: try ReleaseGate(results: results, limits: LabSamples.limits(ships: "derived"),
                                                     runtimeDefault: "derived"), suite: LatticeSuite())
        #expect(withGoal.goals.map(\.outcome) == [.failed])
        #expect(withGoal.gate.outcome == without.gate.outcome)
        let text = BenchmarksPage(findings: withGoal, resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        #expect(text.contains("| generated-read-untracked | FieldRead/generatedUntracked/8 ÷ FieldRead/observableUntracked/8 | median ratio 1.50×"))
        #expect(text.contains("| ≤ 1.20× | failed"))
    }

    @Test func countersAreComparedOnlyWhenQuietEnough() throws {
        let quiet = try page(LabSamples.file([try LabSamples.timed("CommitScaling/counters/off", 1_000),
                                              try LabSamples.timed("CommitScaling/counters/on", 1_000)]))
        #expect(quiet.contains("Counters on against off: no change beyond the noise band"))
        let noisy = BenchmarkResult(name: "CommitScaling/counters/on", metrics: [
            try MetricResult(metric: .wallTime, samples: [500, 3_000, 1_000, 2_000])], iterationsPerSample: 1)
        let busy = try page(LabSamples.file([try LabSamples.timed("CommitScaling/counters/off", 1_000), noisy]))
        #expect(busy.contains("Counters on against off: undecided, too noisy to compare"))
    }

    /// A phase read at the machine's reference pace is given in paces too, as every table of the
    /// lab's figures (`FigureText`) gives it.
    @Test func aPhaseReadAtPaceIsGivenInPacesToo() throws {
        let text = try page(LabSamples.file([try LabSamples.paced("PhaseRead/rootVerdict/Dashboard/tracked", 2_100)]))
        #expect(text.contains("| Dashboard | rootVerdict | 2.10 µs ["), "\(text)")
        #expect(text.contains(" (2.10 paces ["), "\(text)")
    }
}
