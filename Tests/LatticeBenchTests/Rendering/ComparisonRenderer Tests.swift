import Testing
@testable import LatticeBench

@Suite struct ComparisonRendererTests {
    static func comparison() throws -> ResultsComparison {
        let baseline = try SampleResults.file()
        var candidate = baseline
        // Ten percent slower with one more malloc; a benchmark renamed away and a new one.
        candidate.benchmarks[0] = try SampleResults.benchmark("Example/sum/10", nanoseconds: 704, mallocs: 4)
        candidate.benchmarks[1].name = "Example/sum/2000"
        candidate.benchmarks.append(try SampleResults.benchmark("Example/sum/1000", nanoseconds: 1_250_000,
                                                                step: 1000))
        return try ResultsComparison(baseline: baseline, candidate: candidate)
    }

    @Test func marksSignificantChangesAndTildesTheRest() throws {
        let comparison = try Self.comparison()
        #expect(comparison.exitStatus == .couldNotRun, "a benchmark missing from a side outranks the regressions")
        #expect(comparison.regressions.count == 2)
        #expect(comparison.onlyInCandidate == ["Example/sum/2000"])
        #expect(comparison.onlyInBaseline.isEmpty)
        let lines = ComparisonRenderer().terminal(comparison).split(separator: "\n").map(String.init)
        let time = try #require(lines.first { $0.hasPrefix("Example/sum/10 ") })
        #expect(time.contains("640 ns ±"))
        #expect(time.contains("704 ns ±"))
        #expect(time.contains("+10.0%"))
        #expect(time.contains("p<0.001"))
        #expect(time.hasSuffix("regression"))
        let mallocs = try #require(lines.first { $0.contains("mallocs") })
        #expect(mallocs.contains("+33.3%") && mallocs.contains("exact") && mallocs.hasSuffix("regression"))
        let unchanged = try #require(lines.first { $0.hasPrefix("Example/sum/1000 ") })
        #expect(unchanged.contains(" ~ "))
        #expect(!unchanged.contains("regression"))
        #expect(lines.contains("NOT JUDGED: missing from the baseline: Example/sum/2000"))
        #expect(lines.last == "regressions: 2, improvements: 0, unchanged: 2, not judged: 1")
    }

    @Test func markdownHasTheSameRows() throws {
        let text = ComparisonRenderer().markdown(try Self.comparison())
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(rows.first == "| benchmark | metric | baseline | candidate | delta | p | outcome |")
        #expect(rows.count == 2 + 4)
        #expect(text.contains("- regressions: 2, improvements: 0, unchanged: 2, not judged: 1"))
    }

    @Test func coloursRegressionsRed() throws {
        #expect(ComparisonRenderer(colour: true).terminal(try Self.comparison()).contains("\u{1B}[31mregression"))
    }
}
