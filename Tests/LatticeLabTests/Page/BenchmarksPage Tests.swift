import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// BENCHMARKS.md around a suite the lab knows nothing of (`FixtureSuite`): the lab's decision,
/// then the suite's sections in its order and words, then the lab's closing sections.
@Suite struct BenchmarksPageTests {
    private func page(_ results: ResultsFile, ships: String = "derived") throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(results, ships: ships),
                       resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    @Test func theDecisionComesFirstThenTheSuitesSectionsInItsOrder() throws {
        let text = try page(LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)))
        let headings = ["## Decision", "## Every benchmark", "## Fixture goals", "## Never measured",
                        "## Accepted baseline changes", "## How to reproduce"]
        let positions = try headings.map { try #require(text.range(of: $0)).lowerBound }
        #expect(positions == positions.sorted())
        #expect(text.contains("## Every benchmark\n\nEach benchmark's time, as the fixture lists it.\n\n| benchmark | time |"))
        #expect(text.contains("| PhaseRead/derived/Dashboard/tracked | 20.0 µs ["))
        #expect(text.contains("## Never measured\n\nNot measured in this run."))
        #expect(text.contains("swift run -c release Alpha --help"), "the suite's profiled executable as the example")
    }

    @Test func theChainReadsInTheSuitesWordsAndTheGainIsTheSuites() throws {
        let text = try page(LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0)),
                            ships: "rootVerdict")
        #expect(text.contains("**`rootVerdict` ships: the first strategy of the chain to pass every limit that applies "
                              + "to it (derived failed phase-read-largest; rootVerdict passed 5 of 5 limits).**"))
        #expect(text.contains("1. **`derived`**, the fixture's candidate: failed phase-read-largest."))
        #expect(text.contains("2. **`rootVerdict`**, the fixture's fallback: passed every limit."))
        #expect(text.contains("Shipping `rootVerdict` gains what the fixture says.\n\n"))
        #expect(text.contains("| derived | phase-read-largest | PhaseRead/derived/Dashboard/tracked | median 80.0 µs |"))
    }

    @Test func aGoalsSectionShowsTheGoalsAsJudgedAndTheyNeverGate() throws {
        let goal = Limit(id: "generated-read-untracked", description: "goal", benchmark: "FieldRead/generatedUntracked/8",
                         relativeTo: "FieldRead/observableUntracked/8", metric: "wallTime", statistic: .median, bound: 1.2)
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)
            + [try LabSamples.timed("FieldRead/generatedUntracked/8", 150),
               try LabSamples.timed("FieldRead/observableUntracked/8", 100)])
        let withGoal = Findings(gate: try ReleaseGate(results: results, limits: LabSamples.limits(ships: "derived", goals: [goal]),
                                                      runtimeDefault: "derived"), suite: FixtureSuite())
        #expect(withGoal.goals.map(\.outcome) == [.failed])
        #expect(withGoal.gate.status == .ok)
        let text = BenchmarksPage(findings: withGoal, resultsPath: "results.json", limitsPath: "spec/limits.json").render()
        let goals = try #require(text.range(of: "## Fixture goals")).upperBound
        #expect(text[goals...].hasPrefix("\n\nThe goals, as the lab shows them.\n\n| goal | benchmark |"))
        #expect(text.contains("| generated-read-untracked | FieldRead/generatedUntracked/8 ÷ FieldRead/observableUntracked/8 | "
                              + "median ratio 1.50×"))
    }

    @Test func undecidedFiguresAreNamedOnTheFiguresLine() throws {
        let noisy = BenchmarkResult(name: "ReadScaling/derived/64", metrics: [
            try MetricResult(metric: .wallTime, samples: [1_000, 9_000, 2_000, 8_000, 5_000])], iterationsPerSample: 1)
        let text = try page(LabSamples.file([noisy]))
        #expect(text.contains("- figures: 0 of 1 time figures decided at the machine's reference pace "
                              + "(1 undecided, 100.0%: ReadScaling/derived/64)"))
        #expect(text.contains("| ReadScaling/derived/64 | undecided (5.00 µs, robust CV "))
        #expect(text.contains("**Nothing is decided: a strategy of the chain could not be judged"))
    }

    @Test func markdownCellsEscapePipes() {
        var table = TextTable(headers: ["a", "b"], numericFrom: 1)
        table.append(["x|y", "1"])
        #expect(table.markdown() == "| a | b |\n| --- | ---: |\n| x\\|y | 1 |\n")
    }
}
