import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

@Suite struct LargestChangeTests {
    private let limits = LimitsFile(limits: [], baseline: [
        BaselineTolerance(benchmarks: "PhaseRead/*/tracked", tolerance: 0.15, why: "address-hashed"),
        BaselineTolerance(benchmarks: "PhaseRead/*", tolerance: 0, why: "hot"),
    ])

    /// A benchmark whose instructions are `walk` in the verdict walk plus 700 in the lens.
    private func attributed(_ name: String, walk: Double) throws -> BenchmarkResult {
        let functions = [FunctionCost(name: "Lattice.VerdictWalk.visit(_:on:bound:)", selfInstructions: walk,
                                      inclusiveInstructions: walk),
                         FunctionCost(name: "Lattice.Lens.read(_:)", selfInstructions: 700, inclusiveInstructions: 700)]
        return BenchmarkResult(name: name, metrics: [
            try MetricResult(metric: .instructions, samples: [walk + 700], functions: functions,
                             functionsOmittedBelow: 0)], iterationsPerSample: 1)
    }

    private func largest(_ baseline: [BenchmarkResult], _ run: [BenchmarkResult]) throws -> LargestChange? {
        let (old, new) = (LabSamples.file(baseline), LabSamples.file(run))
        let check = try BaselineCheck(baseline: old, results: new, limits: limits, resultsPath: "run.json")
        return LargestChange(check: check, baseline: old, results: new)
    }

    @Test func aJudgedChangeOutranksALargerMovementWithinItsTolerance() throws {
        let change = try #require(try largest(
            [try attributed("PhaseRead/derived/Dashboard/untracked", walk: 300),
             try attributed("PhaseRead/derived/Dashboard/tracked", walk: 300)],
            [try attributed("PhaseRead/derived/Dashboard/untracked", walk: 330),
             try attributed("PhaseRead/derived/Dashboard/tracked", walk: 400)]))
        #expect(change.judged)
        #expect(change.row.benchmark == "PhaseRead/derived/Dashboard/untracked",
                "+10 % within a 15 % tolerance is not the change the check calls")
        #expect(change.row.attribution.map(\.name) == ["Lattice.VerdictWalk.visit(_:on:bound:)"])
        #expect(change.row.attribution.first?.change == 30)
    }

    @Test func withNoJudgedChangeTheLargestMovementIsShownAndNamed() throws {
        let change = try #require(try largest(
            [try attributed("PhaseRead/derived/Dashboard/tracked", walk: 300)],
            [try attributed("PhaseRead/derived/Dashboard/tracked", walk: 350)]))
        #expect(!change.judged)
        #expect(change.row.attribution.first?.change == 50, "the attribution is kept for an unjudged movement")
    }

    @Test func aMovementAcrossHashSeedsIsNotShownAsTheLargestWithinTolerance() throws {
        func seeded(_ name: String, walk: Double, seeds: [Double]) throws -> BenchmarkResult {
            var result = try attributed(name, walk: walk)
            result.metrics[0].samples = [walk + 700, walk + 711, walk + 690]
            result.metrics[0].seedSamples = seeds
            return result
        }
        let change = try #require(try largest(
            [try seeded("PhaseRead/derived/Dashboard/tracked", walk: 300, seeds: [900, 1_100, 1_000, 950, 1_050, 990]),
             try attributed("PhaseRead/derived/Dashboard/untracked", walk: 300)],
            [try seeded("PhaseRead/derived/Dashboard/tracked", walk: 300, seeds: [1_010, 1_150, 960, 1_020, 1_080, 1_000]),
             try attributed("PhaseRead/derived/Dashboard/untracked", walk: 300.25)]))
        #expect(!change.judged)
        #expect(change.row.benchmark == "PhaseRead/derived/Dashboard/untracked",
                "the seeds' larger movement is hashing, not the code")
    }

    @Test func nothingMovedGivesNoChange() throws {
        let same = [try attributed("PhaseRead/derived/Dashboard/untracked", walk: 300)]
        #expect(try largest(same, same) == nil)
    }

    @Test func theDashboardDrawsTheChangeRedAndNamesItsFunction() throws {
        let directory = try LabSamples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ walk: Double, to name: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            let file = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 40_000, derivedExtra: 0)
                                       + [try attributed("PhaseRead/derived/Dashboard/untracked", walk: walk)])
            try file.encoded().write(to: url)
            return url.path
        }
        let baseline = try write(300, to: "baseline.json")
        let results = try write(420, to: "results.json")
        let dashboard = directory.appendingPathComponent("dashboard")
        try Report.write(Report.Paths(results: results, limits: LabSamples.limitsURL.path,
                                      page: directory.appendingPathComponent("B.md").path,
                                      dashboard: dashboard.path, baseline: baseline),
                         suite: FixtureSuite(), runtimeDefault: "stored")
        let page = try String(contentsOf: dashboard.appendingPathComponent("index.html"), encoding: .utf8)
        let section = try #require(page.range(of: "<section id=\"differential\">").map { String(page[$0.lowerBound...]) })
        #expect(section.contains("PhaseRead/derived/Dashboard/untracked"))
        #expect(section.contains("VerdictWalk.visit"))
        #expect(section.contains("fill=\"\(DifferenceChart.worse)\""), "more instructions are drawn red")
    }
}
