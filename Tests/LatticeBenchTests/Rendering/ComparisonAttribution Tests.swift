import Foundation
import Testing
@testable import LatticeBench

/// Instruction counts with per-function attribution, compared.
@Suite struct ComparisonAttributionTests {
    static func instructions(_ name: String, _ functions: [(String, Double)],
                             omittedBelow: Double? = nil) throws -> BenchmarkResult {
        let total = functions.reduce(0) { $0 + $1.1 }
        let costs = functions.map { FunctionCost(name: $0.0, selfInstructions: $0.1, inclusiveInstructions: $0.1) }
        return BenchmarkResult(name: name, metrics: [try MetricResult(metric: .instructions, samples: [total],
                                                                       functions: costs,
                                                                       functionsOmittedBelow: omittedBelow)],
                               iterationsPerSample: 4)
    }

    /// The verdict walk got 300 instructions more per operation, `hash` 50 fewer, `noise` 1
    /// more; `read` is unchanged; another benchmark did not move.
    static func comparison() throws -> ResultsComparison {
        let baseline = try SampleResults.file(benchmarks: [
            try instructions("PhaseRead/derived/Dashboard/untracked",
                             [("Lattice.Verdict.walk(_:)", 1000), ("hash", 100), ("noise", 3), ("read", 200)]),
            try instructions("PhaseRead/stored/Dashboard/untracked", [("read", 200)]),
        ])
        let candidate = try SampleResults.file(benchmarks: [
            try instructions("PhaseRead/derived/Dashboard/untracked",
                             [("Lattice.Verdict.walk(_:)", 1300), ("hash", 50), ("noise", 4), ("read", 200)]),
            try instructions("PhaseRead/stored/Dashboard/untracked", [("read", 200)]),
        ])
        return try ResultsComparison(baseline: baseline, candidate: candidate)
    }

    @Test func namesTheFunctionsThatMovedMostUntilMostOfTheChangeIsExplained() throws {
        let comparison = try Self.comparison()
        let row = try #require(comparison.rows.first { $0.benchmark.hasPrefix("PhaseRead/derived") })
        #expect(row.comparison.outcome == .regression)
        // |300| is 85 % of the 351 moved, |300| + |−50| 99.7 %: two named; `read` did not move.
        #expect(row.attribution == [
            FunctionChange(name: "Lattice.Verdict.walk(_:)", baseline: 1000, candidate: 1300),
            FunctionChange(name: "hash", baseline: 100, candidate: 50),
        ])
        let unchanged = try #require(comparison.rows.first { $0.benchmark.hasPrefix("PhaseRead/stored") })
        #expect(unchanged.attribution.isEmpty)
    }

    @Test func terminalAndMarkdownPrintTheFunctions() throws {
        let comparison = try Self.comparison()
        let terminal = ComparisonRenderer().terminal(comparison).split(separator: "\n").map(String.init)
        let heading = try #require(terminal.firstIndex { $0.hasPrefix("PhaseRead/derived/Dashboard/untracked instructions: ") })
        #expect(terminal[heading].contains("1303 → 1554 (+251 per operation; 2 functions explain 100% of it)"))
        #expect(terminal[heading + 1].hasPrefix("  function (self, per operation)"))
        #expect(terminal[heading + 2].hasPrefix("  Lattice.Verdict.walk(_:)"))
        #expect(terminal[heading + 2].hasSuffix("1000   1300    +300"))
        #expect(terminal[heading + 3].hasSuffix("-50"))
        #expect(!terminal.contains { $0.hasPrefix("PhaseRead/stored/Dashboard/untracked instructions: ") })
        let markdown = ComparisonRenderer().markdown(comparison)
        #expect(markdown.contains("| Lattice.Verdict.walk(_:) | 1000 | 1300 | +300 |"))
        #expect(markdown.contains("**PhaseRead/derived/Dashboard/untracked instructions: 1303 → 1554"))
    }

    /// A function one side left out counts as the most that side could have left out: one
    /// under the candidate's cut-off barely moved, one far above it is new.
    @Test func aFunctionOneSideLeftOutCountsFromThatSidesCutOff() throws {
        let baseline = try SampleResults.file(benchmarks: [
            try Self.instructions("B", [("main", 5000), ("dealloc", 700), ("small", 600)], omittedBelow: 600),
        ])
        let candidate = try SampleResults.file(benchmarks: [
            try Self.instructions("B", [("main", 5000), ("newHelper", 2000), ("small", 650)], omittedBelow: 650),
        ])
        let row = try #require(try ResultsComparison(baseline: baseline, candidate: candidate).rows.first)
        // newHelper: 2000 − (at most 600 left out) = +1400; dealloc: at least 700 − 650 = −50.
        #expect(row.attribution.map(\.name) == ["newHelper"])
        #expect(row.attribution.first?.change == 1400)
        #expect(row.attribution.first { $0.name == "dealloc" } == nil, "1400 of 1500 moved is already 93 %")
        // Without the bounds (a side that left nothing out), a missing function counts in full.
        let full = FunctionChange.largest(from: baseline.benchmarks[0].metrics[0].functions ?? [],
                                          to: candidate.benchmarks[0].metrics[0].functions ?? [])
        #expect(full.map(\.change) == [2000, -700])
        let dealloc = FunctionChange(name: "dealloc", baseline: 700, candidate: nil, omittedBelow: 650)
        #expect(dealloc.change == -50)
        let table = AttributionTable.table(row).aligned(colour: false)
        #expect(table.contains("<600"))
    }

    @Test func sidesWithoutAttributionNameNothing() throws {
        var baseline = try SampleResults.file(benchmarks: [try Self.instructions("B", [("f", 10)])])
        baseline.benchmarks[0].metrics[0].functions = nil
        let candidate = try SampleResults.file(benchmarks: [try Self.instructions("B", [("f", 12)])])
        let comparison = try ResultsComparison(baseline: baseline, candidate: candidate)
        #expect(comparison.rows.first?.comparison.outcome == .regression)
        #expect(comparison.rows.first?.attribution.isEmpty == true)
        #expect(!ComparisonRenderer().terminal(comparison).contains("function (self"))
    }

    @Test func attributionSurvivesTheResultsFileAndOlderFilesReadWithout() throws {
        let directory = try SampleResults.temporaryDirectory()
        let url = directory.appendingPathComponent("results.json")
        let results = try SampleResults.file(benchmarks: [try Self.instructions("B", [("f", 10), ("g", 2)],
                                                                                omittedBelow: 1.5)])
        try results.write(to: url)
        let read = try ResultsFile.read(from: url)
        #expect(read == results)
        #expect(read.benchmarks[0].metrics[0].functions?.map(\.name) == ["f", "g"])
        #expect(read.benchmarks[0].metrics[0].functionsOmittedBelow == 1.5)
        // Without the field (older files, other metrics): no attribution, and nothing written.
        let plain = try SampleResults.file()
        try plain.write(to: url)
        #expect(try ResultsFile.read(from: url).benchmarks[0].metrics[0].functions == nil)
        #expect(!(try String(contentsOf: url, encoding: .utf8)).contains("functions"))
    }

    @Test func aFunctionNamedTwiceIsCorrupt() throws {
        let results = try SampleResults.file(benchmarks: [try Self.instructions("B", [("f", 10), ("f", 2)])])
        #expect(throws: JSONFileError.corrupt(file: "x.json", path: "$.benchmarks[0].metrics[0].functions[1].name",
                                              reason: "duplicate function \"f\"")) {
            try JSONFileDecoder.decode(ResultsFile.self, from: try results.encoded(), file: "x.json")
        }
    }
}
