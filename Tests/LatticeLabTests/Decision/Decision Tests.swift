import LatticeBench
import LabTestSupport
import Testing
@testable import LatticeLab

@Suite struct DecisionTests {
    private func results(derivedRead: Double, derivedExtra: Double, rootVerdictWalks: Double) throws -> ResultsFile {
        LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: derivedRead, derivedExtra: derivedExtra,
                                                       rootVerdictWalks: rootVerdictWalks))
    }

    private func decide(derivedRead: Double = 80_000, derivedExtra: Double = 0, rootVerdictWalks: Double = 0,
                        ships: String = "rootVerdict") throws -> Decision {
        Decision(limits: LabSamples.limits(ships: ships),
                 results: try results(derivedRead: derivedRead, derivedExtra: derivedExtra,
                                      rootVerdictWalks: rootVerdictWalks))
    }

    /// The release gate on the same inputs; the runtime ships what the limits file ships
    /// unless `runtimeDefault` says otherwise.
    private func gate(derivedRead: Double = 80_000, derivedExtra: Double = 0, rootVerdictWalks: Double = 0,
                      ships: String = "rootVerdict", runtimeDefault: String? = nil) throws -> ReleaseGate {
        try ReleaseGate(results: try results(derivedRead: derivedRead, derivedExtra: derivedExtra,
                                             rootVerdictWalks: rootVerdictWalks),
                        limits: LabSamples.limits(ships: ships), runtimeDefault: runtimeDefault ?? ships)
    }

    @Test func derivedShipsWhenItPassesEveryLimitOfItsOwn() throws {
        let gate = try gate(derivedRead: 20_000, ships: "derived")
        #expect(gate.decision.decidedStrategy == "derived")
        #expect(gate.status == .ok)
        #expect(gate.oneLine == "decision: derived ships (derived passed 5 of 5 limits); "
                + "the release ships derived; the gate passes (exit 0): derived is decided, shipped by the limits "
                + "file and the runtime's default, and passes every limit of its own")
    }

    @Test func whenDerivedFailsTheChainWeighsRootVerdictNext() throws {
        for (read, extra, failed) in [(80_000.0, 0.0, "phase-read-largest"), (20_000, 1, "extra-bodies-spreads-only")] {
            let gate = try gate(derivedRead: read, derivedExtra: extra)
            let decision = gate.decision
            #expect(decision.decidedStrategy == "rootVerdict")
            #expect(decision.steps.map(\.strategy) == ["derived", "rootVerdict", "stored"], "every strategy is judged")
            #expect(decision.steps[0].limits(.failed) == [failed])
            #expect(gate.status == .ok)
            #expect(decision.chainSummary == "derived failed \(failed); rootVerdict passed 5 of 5 limits")
        }
    }

    @Test func storedShipsWhenEveryStrategyBeforeItFails() throws {
        // rootVerdict walks every handle on a commit that touches none of them.
        let gate = try gate(rootVerdictWalks: 10_000, ships: "stored")
        let decision = gate.decision
        #expect(decision.decidedStrategy == "stored")
        #expect(decision.steps[1].limits(.failed) == ["commit-walks-none", "commit-scaling-instructions"])
        #expect(decision.steps[2].evaluations.map(\.limit.id) == ["phase-read-largest", "extra-bodies-spreads-only"],
                "the commit-cost limits are for strategies that replace the stored phase")
        #expect(gate.status == .ok)
        #expect(gate.oneLine.contains("rootVerdict failed commit-walks-none, commit-scaling-instructions; "
                                      + "stored passed 2 of 2 limits"))
    }

    @Test func theGateFailsWhenTheLimitsFileShipsAnotherStrategyThanTheRunDecides() throws {
        let gate = try gate(ships: "stored")
        #expect(gate.decision.decidedStrategy == "rootVerdict")
        #expect(gate.status == .limitNotPassed)
        #expect(gate.reason.hasPrefix("the run decides rootVerdict but the limits file ships stored"))
        #expect(gate.lines.contains { $0.hasPrefix("SHIPS the run decides rootVerdict but the limits file ships stored") })
        #expect(gate.oneLine.contains("; the gate fails (exit 3): the run decides rootVerdict"))
    }

    @Test func theGateFailsWhileTheRuntimeShipsAnotherStrategyThanTheLimitsFile() throws {
        let mismatched = try gate(runtimeDefault: "stored")
        #expect(mismatched.status == .limitNotPassed)
        #expect(mismatched.reason.contains("ships rootVerdict but the runtime's default"))
        let agreed = try gate(runtimeDefault: "rootVerdict")
        #expect(agreed.status == .ok)
        #expect(!agreed.lines.contains { $0.hasPrefix("SHIPS") })
    }

    @Test func aStrategyThatCannotBeJudgedStopsTheChainNeverSkipped() throws {
        var benchmarks = try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0)
        benchmarks.removeAll { $0.name == "CommitScaling/rootVerdict/10/untouched" }
        let gate = try ReleaseGate(results: LabSamples.file(benchmarks), limits: LabSamples.limits(ships: "rootVerdict"),
                                   runtimeDefault: "rootVerdict")
        #expect(gate.decision.decidedStrategy == nil, "stored does not ship past an undecided rootVerdict")
        #expect(gate.status == .limitNotPassed)
        #expect(gate.oneLine.hasPrefix("decision: undecided (derived failed phase-read-largest; rootVerdict could "
                                       + "not be judged on commit-scaling-instructions, commit-scaling-time)"))
        #expect(gate.reason == "nothing is decided: rootVerdict could not be judged, and the chain may not skip it")
    }

    private func noisyRead(_ samples: [Double]) throws -> Decision {
        var benchmarks = try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)
        benchmarks[0] = BenchmarkResult(name: "PhaseRead/derived/Dashboard/tracked",
                                        metrics: [try MetricResult(metric: .wallTime, samples: samples)],
                                        iterationsPerSample: 1)
        return Decision(limits: LabSamples.limits(ships: "derived"), results: LabSamples.file(benchmarks))
    }

    /// The phase read limit's evaluation for `derived`.
    private func read(_ decision: Decision) throws -> LimitEvaluation {
        try #require(decision.steps.first?.evaluations.first)
    }

    @Test func aNoisyReadStraddlingTheBoundIsUndecided() throws {
        let decision = try noisyRead([20_000, 90_000, 30_000, 60_000, 40_000])
        #expect(decision.decidedStrategy == nil)
        #expect(LimitTable.outcome(try read(decision)).hasPrefix("undecided: robust CV"))
    }

    @Test func aNoisyReadWhollyWithinTheBoundPasses() throws {
        let decision = try noisyRead([5_000, 40_000, 10_000, 30_000, 20_000])
        #expect(try read(decision).outcome == .passed)
        #expect(decision.decidedStrategy == "derived")
        #expect(LimitTable.outcome(try read(decision)).hasPrefix("passed: every sample within the bound (the slowest 40.0 µs)"))
    }

    @Test func aNoisyReadWhollyBeyondTheBoundFails() throws {
        let decision = try noisyRead([60_000, 400_000, 100_000, 300_000, 200_000])
        #expect(try read(decision).outcome == .failed)
        #expect(decision.decidedStrategy == "rootVerdict")
        #expect(LimitTable.outcome(try read(decision)).hasPrefix("failed: every sample beyond the bound (the fastest 60.0 µs)"))
    }

    @Test func theCommittedLimitsFileWeighsTheChainInTheRecordsOrder() throws {
        let limits = try LabLimits.read(from: LabSamples.limitsURL)
        #expect(limits.chain == ["derived", "rootVerdict", "stored"])
        #expect(limits.limits(for: "stored").map(\.metric) == ["wallTime", "extraBodies"])
        #expect(Set(limits.limits(for: "rootVerdict").map(\.id)) == Set(limits.limits(for: "derived").map(\.id)))
        #expect(limits.file.limits.first { $0.id == "phase-read-largest" }?.bound == 50_000)
        #expect(limits.file.limits.filter { $0.relativeTo != nil }.allSatisfy { $0.bound == 1.5 })
    }
}
