import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// The gate is judged once: BENCHMARKS.md, the dashboard and `lattice gate`'s exit status say
/// the same outcome, also where a second judge of the limits alone used to say "passes".
@Suite struct ReleaseGateTests {
    /// What the three say about one set of inputs.
    private struct Outcome {
        /// `ReleaseGate.status`, as `lattice gate` builds the gate from the files.
        var status: LatticeBench.ExitStatus
        /// The gate's one outcome, from the same gate.
        var outcome: String
        /// BENCHMARKS.md and the dashboard, as `lattice report` writes them from the same files.
        var page: String
        var dashboard: String
        /// The one line `lattice report` prints.
        var reportLine: String
    }

    /// Writes `benchmarks` (and `baseline` when given) and the limits shipping `ships`, then
    /// judges them as `lattice gate` does and reports them as `lattice report` does.
    private func judge(_ benchmarks: [BenchmarkResult], baseline: [BenchmarkResult]? = nil,
                       ships: String = "rootVerdict") throws -> (Outcome, baselinePath: String) {
        let directory = try LabSamples.temporaryDirectory()
        let results = directory.appendingPathComponent("results.json")
        try LabSamples.file(benchmarks).write(to: results)
        let baselineURL = directory.appendingPathComponent("baseline.json")
        if let baseline { try LabSamples.file(baseline).write(to: baselineURL) }
        let limits = directory.appendingPathComponent("limits.json")
        try LabSamples.limits(ships: ships).encoded(file: limits.path).write(to: limits)

        let gate = try ReleaseGate(results: try LabFiles.results(results.path), limits: try LabFiles.limits(limits.path),
                                   runtimeDefault: ships,
                                   baseline: try baseline.map { _ in
                                       (baselineURL.path, try LabFiles.results(baselineURL.path))
                                   })
        let paths = Report.Paths(results: results.path, limits: limits.path,
                                 page: directory.appendingPathComponent("BENCHMARKS.md").path,
                                 dashboard: directory.appendingPathComponent("dashboards").path,
                                 baseline: baseline.map { _ in baselineURL.path })
        let reported = try Report.write(paths, suite: FixtureSuite(), runtimeDefault: ships)
        let outcome = Outcome(status: gate.status, outcome: gate.outcome,
                              page: try String(contentsOf: URL(fileURLWithPath: paths.page), encoding: .utf8),
                              dashboard: try String(contentsOf: directory.appendingPathComponent("dashboards/index.html"),
                                                    encoding: .utf8),
                              reportLine: reported.oneLine)
        return (outcome, baselinePath: baselineURL.path)
    }

    /// Asserts the page, the dashboard and the report's line print the gate's outcome, which
    /// starts with `expected` (e.g. `fails (exit 2)`), and never the other word.
    private func expectAgreement(_ judged: Outcome, status: LatticeBench.ExitStatus, sourceLocation: SourceLocation = #_sourceLocation) {
        let word = status == .ok ? "passes" : "fails"
        #expect(judged.status == status, sourceLocation: sourceLocation)
        #expect(judged.outcome.hasPrefix("\(word) (exit \(status.rawValue)): "), sourceLocation: sourceLocation)
        #expect(judged.page.contains("**The release gate (`lattice gate`, judging the same inputs) "
                                         + "\(judged.outcome).**"), sourceLocation: sourceLocation)
        #expect(judged.dashboard.contains("<b>The release gate (<code>lattice gate</code>, judging the same inputs) "
                                          + "\(judged.outcome.markupEscaped).</b>"), sourceLocation: sourceLocation)
        #expect(judged.dashboard.contains("<section id=\"decision\" class=\"\(status == .ok ? "pass" : "fail")\">"),
                sourceLocation: sourceLocation)
        #expect(judged.reportLine.hasSuffix("; the gate \(judged.outcome)"), sourceLocation: sourceLocation)
        let other = status == .ok ? "the gate fails" : "the gate passes"
        #expect(!judged.page.lowercased().contains(other) && !judged.dashboard.lowercased().contains(other),
                sourceLocation: sourceLocation)
    }

    /// The limit benchmarks with `derived` failing its read and `rootVerdict` reading in
    /// `rootVerdictRead`, `stored` in `storedRead`: rootVerdict ships while it reads under 50 µs.
    private func benchmarks(rootVerdictRead: Double = 20_000, storedRead: Double = 9) throws -> [BenchmarkResult] {
        let replaced = ["PhaseRead/rootVerdict/Dashboard/tracked", "PhaseRead/stored/Dashboard/tracked"]
        return try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0).filter { !replaced.contains($0.name) }
            + [try LabSamples.timed(replaced[0], rootVerdictRead), try LabSamples.timed(replaced[1], storedRead)]
    }

    @Test func everyLimitPassingAndNoRegressionPassesEverywhere() throws {
        let (judged, baseline) = try judge(try benchmarks(), baseline: try benchmarks())
        expectAgreement(judged, status: .ok)
        #expect(judged.outcome == "passes (exit 0): rootVerdict is decided, shipped by the limits file and the "
                + "runtime's default, and passes every limit of its own, and no figure regressed against \(baseline)")
    }

    @Test func aRegressionAgainstTheBaselineFailsThePageWhileTheLimitsPass() throws {
        let (judged, baseline) = try judge(try benchmarks(rootVerdictRead: 20_000),
                                           baseline: try benchmarks(rootVerdictRead: 15_000))
        expectAgreement(judged, status: .regression)
        #expect(judged.outcome == "fails (exit 2): 1 significant regression against \(baseline): "
                + "PhaseRead/rootVerdict/Dashboard/tracked wallTime")
        #expect(judged.page.contains("**`rootVerdict` ships"), "the decision itself still stands")
    }

    @Test func aBenchmarkMissingFromTheResultsIsNotJudgedAndFailsThePage() throws {
        let extra = try LabSamples.timed("CommitScaling/derived/10", 2_000)
        let (judged, baseline) = try judge(try benchmarks(), baseline: try benchmarks() + [extra])
        expectAgreement(judged, status: .couldNotRun)
        #expect(judged.outcome == "fails (exit 1): not judged: against \(baseline): missing from the candidate: "
                + "CommitScaling/derived/10")
    }

    @Test func aFailedLimitFailsThePage() throws {
        // rootVerdict fails its read: the chain decides stored while the limits file ships rootVerdict.
        let (decidedElsewhere, _) = try judge(try benchmarks(rootVerdictRead: 80_000))
        expectAgreement(decidedElsewhere, status: .limitNotPassed)
        #expect(decidedElsewhere.outcome.hasPrefix("fails (exit 3): the run decides stored but the limits file ships "
                                                   + "rootVerdict"))
        // Every strategy fails: stored ships as the last of the chain, judged by its own limits.
        let (lastFails, _) = try judge(try benchmarks(rootVerdictRead: 80_000, storedRead: 80_000), ships: "stored")
        expectAgreement(lastFails, status: .limitNotPassed)
        #expect(lastFails.outcome == "fails (exit 3): stored ships as the last of the chain but failed phase-read-largest")
    }

    @Test func exactFiguresAgainstTheBaselineMoveWithinTheLimitsFilesTolerance() throws {
        func results(instructions: Double) throws -> ResultsFile {
            LabSamples.file([BenchmarkResult(name: "CommitScaling/rootVerdict/10/untouched",
                                             metrics: [try MetricResult(metric: .instructions,
                                                                        samples: [instructions, instructions])],
                                             iterationsPerSample: 1)])
        }
        let baseline = (path: "baseline.json", file: try results(instructions: 15_000))
        func status(instructions: Double, tolerance: Double?) throws -> LatticeBench.ExitStatus {
            let limits = LabSamples.limits(ships: "rootVerdict", baseline: tolerance.map {
                [BaselineTolerance(benchmarks: "CommitScaling/*", tolerance: $0, why: "test")]
            })
            let gate = try ReleaseGate(results: try results(instructions: instructions), limits: limits,
                                       runtimeDefault: "rootVerdict", baseline: baseline)
            return gate.comparison?.exitStatus ?? .couldNotRun
        }
        #expect(try status(instructions: 16_000, tolerance: nil) == .regression, "no entry tolerates nothing")
        #expect(try status(instructions: 16_000, tolerance: 0.1) == .ok, "6.7 % within a 10 % tolerance")
        #expect(try status(instructions: 18_000, tolerance: 0.1) == .regression, "20 % beyond it")
    }
}
