import LatticeBench
import LabTestSupport
import Testing
@testable import LatticeLab

@Suite struct RegressionLineTests {
    static func instructions(_ walk: Double) throws -> BenchmarkResult {
        let functions = [FunctionCost(name: "Lattice.Verdict.walk(_:)", selfInstructions: walk, inclusiveInstructions: walk),
                         FunctionCost(name: "read", selfInstructions: 100, inclusiveInstructions: 100)]
        return BenchmarkResult(name: "PhaseRead/derived/Dashboard/untracked",
                               metrics: [try MetricResult(metric: .instructions, samples: [walk + 100], functions: functions)],
                               iterationsPerSample: 4)
    }

    @Test func anInstructionRegressionPrintsItsAttributionUnderIt() throws {
        let comparison = try ResultsComparison(baseline: LabSamples.file([try Self.instructions(900)]),
                                               candidate: LabSamples.file([try Self.instructions(940)]))
        let lines = RegressionLine.lines(comparison)
        #expect(lines.first == "REGRESSION PhaseRead/derived/Dashboard/untracked instructions: 1000 → 1040 (+4.0%, exact)")
        #expect(lines.count == 4)
        #expect(lines[1] == "  PhaseRead/derived/Dashboard/untracked instructions: 1000 → 1040 "
                + "(+40 per operation; 1 function explains 100% of it)")
        #expect(lines[3].hasPrefix("    Lattice.Verdict.walk(_:)") && lines[3].hasSuffix("900    940     +40"))
    }

    @Test func anImprovementPrintsNothing() throws {
        let comparison = try ResultsComparison(baseline: LabSamples.file([try Self.instructions(940)]),
                                               candidate: LabSamples.file([try Self.instructions(900)]))
        #expect(RegressionLine.lines(comparison).isEmpty)
    }
}
