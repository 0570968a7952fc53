import LatticeBench
import Testing
@testable import LatticeLab

@Suite struct DecisionTests {
    @Test func derivedShipsWhenItPassesBothLimits() throws {
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0))
        let decision = Decision(limits: LabSamples.limits(ships: "derived"), results: results, runtimeDefault: nil)
        #expect(decision.outcome == .derivedShips)
        #expect(decision.decidedStrategy == "derived")
        #expect(decision.gateStatus == .ok)
        #expect(decision.oneLine == "decision: derived ships (passed 2 of 2 limits); the release ships derived: gate passes")
    }

    @Test func storedShipsWhenDerivedFailsEitherLimit() throws {
        for (read, extra, failed) in [(80_000.0, 0.0, "phase-read-largest"), (20_000, 1, "extra-bodies-spreads-only")] {
            let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: read, derivedExtra: extra))
            let decision = Decision(limits: LabSamples.limits(ships: "derived"), results: results, runtimeDefault: nil)
            #expect(decision.outcome == .storedShips)
            #expect(decision.gateStatus == .limitNotPassed, "the gate checks the shipped strategy, derived")
            #expect(decision.oneLine.contains("stored ships: derived failed \(failed)"))
            #expect(decision.oneLine.contains("spec/limits.json should say stored"))
        }
    }

    @Test func theGateJudgesTheShippedStrategyNotTheCandidate() throws {
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0))
        let decision = Decision(limits: LabSamples.limits(ships: "stored"), results: results, runtimeDefault: nil)
        #expect(decision.outcome == .storedShips)
        #expect(decision.shipped.allSatisfy { $0.benchmark?.contains("/stored/") == true })
        #expect(decision.gateStatus == .ok)
        #expect(!decision.oneLine.contains("should say"))
    }

    @Test func theGateFailsWhileTheLimitsFileShipsAnotherStrategyThanTheRuntime() throws {
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0))
        let mismatched = Decision(limits: LabSamples.limits(ships: "stored"), results: results, runtimeDefault: "derived")
        #expect(mismatched.gateStatus == .limitNotPassed)
        #expect(mismatched.mismatchLine?.contains("ships stored but the runtime's default") == true)
        let agreed = Decision(limits: LabSamples.limits(ships: "stored"), results: results, runtimeDefault: "stored")
        #expect(agreed.gateStatus == .ok)
        #expect(agreed.mismatchLine == nil)
    }

    @Test func aMissingBenchmarkLeavesTheDecisionUndecidedNeverPassed() throws {
        let results = LabSamples.file([try LabSamples.timed("PhaseRead/derived/Dashboard/tracked", 20_000)])
        let decision = Decision(limits: LabSamples.limits(ships: "derived"), results: results, runtimeDefault: nil)
        #expect(decision.outcome == .undecided)
        #expect(decision.decidedStrategy == nil)
        #expect(decision.gateStatus == .limitNotPassed)
    }

    private func noisyRead(_ samples: [Double]) throws -> Decision {
        var benchmarks = try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0)
        benchmarks[0] = BenchmarkResult(name: "PhaseRead/derived/Dashboard/tracked",
                                        metrics: [try MetricResult(metric: .wallTime, samples: samples)],
                                        iterationsPerSample: 1)
        return Decision(limits: LabSamples.limits(ships: "derived"), results: LabSamples.file(benchmarks), runtimeDefault: nil)
    }

    @Test func aNoisyReadStraddlingTheBoundIsUndecided() throws {
        let decision = try noisyRead([20_000, 90_000, 30_000, 60_000, 40_000])
        #expect(decision.outcome == .undecided)
        #expect(LimitTable.outcome(decision.candidate[0]).hasPrefix("undecided: CV"))
    }

    @Test func aNoisyReadWhollyWithinTheBoundPasses() throws {
        let decision = try noisyRead([5_000, 40_000, 10_000, 30_000, 20_000])
        #expect(decision.candidate[0].outcome == .passed)
        #expect(decision.outcome == .derivedShips)
        #expect(LimitTable.outcome(decision.candidate[0]).hasPrefix("passed: every sample within the bound (the slowest 40.0 µs)"))
    }

    @Test func aNoisyReadWhollyBeyondTheBoundFails() throws {
        let decision = try noisyRead([60_000, 400_000, 100_000, 300_000, 200_000])
        #expect(decision.candidate[0].outcome == .failed)
        #expect(decision.outcome == .storedShips)
        #expect(LimitTable.outcome(decision.candidate[0]).hasPrefix("failed: every sample beyond the bound (the fastest 60.0 µs)"))
    }

    @Test func theCommittedLimitsFileIsReadableAndNamesBothLimits() throws {
        let limits = try LimitsFile.read(from: LabSamples.limitsURL)
        #expect(Set(limits.limits.map(\.metric)) == ["wallTime", "extraBodies"])
        #expect(limits.limits.first { $0.metric == "wallTime" }?.bound == 50_000)
        #expect(limits.limits.first { $0.metric == "extraBodies" }?.bound == 0)
        #expect(limits.ships == "derived" || limits.ships == "stored")
    }
}
