import Testing
@testable import LatticeBench

@Suite(.enabled(if: AllocationCounter.isLinked, "runs count allocations through jemalloc, which sanitizer runs leave out"))
@MainActor struct RunnerTests {
    final class Counter {
        var steps = 0
        var observations = 0
    }

    /// The smallest run: no warm-up beyond one batch, three samples.
    static var settings: MeasurementSettings {
        var settings = MeasurementSettings.quick
        settings.warmUpNanoseconds = 0
        settings.maxSamples = 3
        settings.exactSamples = 2
        return settings
    }

    static func runner() throws -> Runner {
        Runner(settings: settings, overheads: [.direct: .zero, .withState: .zero],
               allocationCounter: .success(try AllocationCounter()), progress: Progress())
    }

    @Test func resultsHoldTheMetricsAskedForThenTheCounts() throws {
        let benchmark = Benchmark("count", metrics: [.cpuTime, .mallocs], setUp: { Counter() },
                                  counts: { ["steps": $0.steps] }) { counter in
            counter.steps += 2
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/count")
        #expect(result.name == "X/count")
        #expect(result.metrics.map(\.metric.name) == ["cpuTime", "machinePace", "mallocs", "steps"])
        #expect(result.metric(named: "cpuTime")?.samples.count == 3)
        // One pace per timing sample, in step, so a comparison can match them.
        #expect(result.metric(named: "machinePace")?.samples.count == 3)
        #expect(result.metric(named: "machinePace")?.samples.allSatisfy { $0 > 0 } == true)
        #expect(result.metric(named: "steps")?.samples == [2, 2])
        #expect(result.metric(named: "mallocs")?.samples == [0, 0])
        #expect(result.warnings.isEmpty)
    }

    @Test func anObservedFigureIsTheLastOperationsAfterEachTimingSampleNotDividedByTheBatch() throws {
        let peak = Metric.observed("peak", unit: .bytes)
        let benchmark = Benchmark("observed", metrics: [.wallTime, peak], setUp: { Counter() },
                                  observe: { ["peak": Double($0.steps)] }) { counter in
            counter.steps += 1
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/observed")
        #expect(result.metrics.map(\.metric) == [.wallTime, peak, .machinePace])
        let samples = try #require(result.metric(named: "peak")?.samples)
        #expect(samples.count == 3)
        // Each sample is the count after its own batch, one batch more than the last: a figure
        // divided by the batch would stay about the same.
        #expect(result.iterationsPerSample > 1)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1 - $0 == Double(result.iterationsPerSample) })
        #expect(result.warnings.isEmpty)
    }

    @Test func anObservedFigureMissingFromASampleIsLeftOutWithAWarning() throws {
        let benchmark = Benchmark("sometimes", metrics: [.wallTime, .observed("peak", unit: .bytes)],
                                  setUp: { Counter() },
                                  observe: { counter in
                                      counter.observations += 1
                                      return counter.observations == 2 ? [:] : ["peak": 1]
                                  }) { counter in
            counter.steps += 1
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/sometimes")
        #expect(result.metric(named: "peak") == nil)
        #expect(result.warnings.contains { $0.hasPrefix("'peak' not reported") })
    }

    @Test func aCountNamedLikeAMetricIsLeftOutWithAWarning() throws {
        let benchmark = Benchmark("clash", metrics: [.mallocs], setUp: { Counter() },
                                  counts: { ["mallocs": $0.steps, "": 0] }) { counter in
            counter.steps += 1
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/clash")
        #expect(result.metrics.map(\.metric.name) == ["mallocs"])
        #expect(result.warnings.count == 2)
    }

    @Test func aMissingAllocationCounterIsAWarningNotAFailure() throws {
        let runner = Runner(settings: Self.settings, overheads: [.direct: .zero, .withState: .zero],
                            allocationCounter: .failure(.statisticsDisabled), progress: Progress())
        let result = try runner.measure(Benchmark("plain", metrics: [.wallTime, .mallocs]) {},
                                        resultName: "X/plain")
        #expect(result.metrics.map(\.metric.name) == ["wallTime", "machinePace"])
        #expect(result.warnings == ["allocations not measured: jemalloc was built without statistics"])
    }

    @Test func aBenchmarkOnlyCountingInstructionsHasNothingToMeasureHere() throws {
        let result = try Self.runner().measure(Benchmark("i", metrics: [.instructions]) {}, resultName: "X/i")
        #expect(result.metrics.isEmpty)
    }

    @Test func whatTheOperationThrowsReachesTheCaller() throws {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try Self.runner().measure(Benchmark("fails") { throw Failure() }, resultName: "X/fails")
        }
    }
}
