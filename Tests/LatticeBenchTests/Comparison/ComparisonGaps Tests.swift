import Testing
@testable import LatticeBench

/// A comparison never passes what it could not compare: an empty side, or a benchmark one
/// side lacks, exits `.couldNotRun` and is named.
@Suite struct ComparisonGapsTests {
    private func file(_ names: [String], filter: String? = nil) throws -> ResultsFile {
        var file = try SampleResults.file(benchmarks: try names.map { try SampleResults.benchmark($0, nanoseconds: 640) })
        file.configuration.filter = filter
        return file
    }

    @Test func theSameBenchmarksOnBothSidesHaveNoGaps() throws {
        let comparison = try ResultsComparison(baseline: try file(["A/x", "A/y"]), candidate: try file(["A/y", "A/x"]))
        #expect(comparison.gaps.isEmpty)
        #expect(comparison.exitStatus == .ok)
    }

    @Test func anEmptyBaselineOrCandidateIsNotJudged() throws {
        let full = try file(["A/x", "A/y"])
        let empty = try file([])
        let againstEmpty = try ResultsComparison(baseline: empty, candidate: full)
        #expect(againstEmpty.rows.isEmpty)
        #expect(againstEmpty.gaps == ["the baseline holds no benchmarks (the candidate holds 2)"])
        #expect(againstEmpty.exitStatus == .couldNotRun)
        let emptyCandidate = try ResultsComparison(baseline: full, candidate: empty)
        #expect(emptyCandidate.gaps == ["the candidate holds no benchmarks (the baseline holds 2)"])
        #expect(emptyCandidate.onlyInBaseline == ["A/x", "A/y"])
        #expect(emptyCandidate.exitStatus == .couldNotRun)
        #expect(try ResultsComparison(baseline: empty, candidate: empty).gaps.count == 2)
    }

    @Test func aBenchmarkMissingFromEitherSideIsNamed() throws {
        let comparison = try ResultsComparison(baseline: try file(["A/x", "A/gone"]), candidate: try file(["A/x", "A/new"]))
        #expect(comparison.gaps == ["missing from the candidate: A/gone", "missing from the baseline: A/new"])
        #expect(comparison.exitStatus == .couldNotRun)
        let text = ComparisonRenderer().terminal(comparison)
        #expect(text.contains("NOT JUDGED: missing from the candidate: A/gone\n"))
        #expect(text.contains("NOT JUDGED: missing from the baseline: A/new\n"))
    }

    @Test func aFilteredSideIsOnlyExpectedToHoldWhatItsFilterSelects() throws {
        let baseline = try file(["A/x", "A/y", "B/x"])
        let filtered = try ResultsComparison(baseline: baseline, candidate: try file(["A/x", "A/y"], filter: "A/"))
        #expect(filtered.gaps.isEmpty)
        #expect(filtered.exitStatus == .ok)
        #expect(filtered.outsideCandidateFilter == ["B/x"])
        #expect(ComparisonRenderer().terminal(filtered)
            .contains("1 baseline benchmarks not compared: the candidate's --filter did not select them"))
        let lost = try ResultsComparison(baseline: baseline, candidate: try file(["A/x"], filter: "A/"))
        #expect(lost.gaps == ["missing from the candidate: A/y"], "the filter selects A/y: it should have reported")
        let glob = try ResultsComparison(baseline: try file(["A/x"], filter: "*/x"), candidate: try file(["A/x", "A/y"]))
        #expect(glob.gaps.isEmpty && glob.outsideBaselineFilter == ["A/y"])
    }
}
