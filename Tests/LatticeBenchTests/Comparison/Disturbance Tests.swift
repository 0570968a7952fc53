import Testing
@testable import LatticeBench

/// Samples a neighbour's load disturbed are set aside before a time is judged (`Disturbance`,
/// `ResultsFile.atReferencePace()`), whatever the pace probes around them read.
@Suite struct DisturbanceTests {
    /// A limit of 25 µs on the median wall time of `PhaseRead/derived/Big/tracked`.
    static let limit = Limit(id: "phase-read", description: "", benchmark: "PhaseRead/derived/Big/tracked",
                             metric: "wallTime", statistic: .median, bound: 25_000)

    /// A benchmark whose samples all read at one pace, with the kernel's run-queue wait when given.
    static func benchmark(_ name: String, wall: [Double], cpu: [Double]? = nil,
                          runQueueWait: [Double]? = nil) throws -> BenchmarkResult {
        var metrics = [try MetricResult(metric: .wallTime, samples: wall),
                       try MetricResult(metric: .machinePace, samples: wall.map { _ in 1_000 })]
        if let cpu { metrics.append(try MetricResult(metric: .cpuTime, samples: cpu)) }
        if let runQueueWait { metrics.append(try MetricResult(metric: .runQueueWait, samples: runQueueWait)) }
        return BenchmarkResult(name: name, metrics: metrics, iterationsPerSample: 16)
    }

    @Test func preemptedSamplesAreSetAsideAndCounted() throws {
        // Every other sample waited 20 µs of its 40 µs on a run queue; the others ran whole.
        let quiet = SampleResults.spread(around: 20_000, step: 20)
        let wall = quiet.enumerated().map { $0.offset.isMultiple(of: 2) ? $0.element : $0.element + 20_000 }
        let wait = quiet.indices.map { $0.isMultiple(of: 2) ? 150.0 : 20_000 }
        let file = try SampleResults.file(benchmarks: [
            try Self.benchmark("PhaseRead/derived/Big/tracked", wall: wall, runQueueWait: wait),
        ])
        let pooled = try #require(LimitEvaluation.evaluate([Self.limit], against: file).first)
        #expect(!pooled.outcome.passed, "the preempted samples alone put the median beyond the bound")
        let judged = try #require(LimitEvaluation.evaluate([Self.limit], against: file.atReferencePace()).first)
        #expect(judged.outcome == .passed)
        #expect(judged.n == 51)
        let pace = try #require(judged.referencePace)
        #expect(pace.atPace == 51 && pace.taken == 101 && pace.disturbed == 50)
        #expect(try #require(judged.figure) < 20_100)
    }

    @Test func aLoadThatStartsHalfwayIsToldByTheClocksWhenTheKernelDidNotSay() throws {
        // A file from before the run-queue wait was recorded: the first half quiet, then a
        // neighbour takes half of each sample. The CPU time stays; the wall time doubles.
        let cpu = SampleResults.spread(around: 20_000, step: 20)
        let wall = cpu.enumerated().map { $0.offset < 50 ? $0.element + 30 : $0.element * 2 }
        let file = try SampleResults.file(benchmarks: [
            try Self.benchmark("PhaseRead/derived/Big/tracked", wall: wall, cpu: cpu),
        ])
        let flags = try #require(Disturbance.disturbed(in: file.benchmarks[0]))
        #expect(flags == cpu.indices.map { $0 >= 50 })
        let judged = try #require(LimitEvaluation.evaluate([Self.limit], against: file.atReferencePace()).first)
        #expect(judged.outcome == .passed)
        #expect(judged.referencePace?.disturbed == 51)
    }

    @Test func aRatioWhoseLargeSideWasPreemptedIsJudgedOnItsUndisturbedSamples() throws {
        // The recorded loaded run's shape: the large store's CPU time equals the small one's, but
        // most of its samples waited as long again for a CPU.
        let small = SampleResults.spread(around: 15_400, step: 5)
        let largeCPU = SampleResults.spread(around: 15_450, step: 5)
        let largeWall = largeCPU.enumerated().map { $0.offset % 4 == 0 ? $0.element : $0.element * 2.2 }
        let file = try SampleResults.file(benchmarks: [
            try Self.benchmark("Optimistic/cycle/100", wall: small, cpu: small),
            try Self.benchmark("Optimistic/cycle/100000", wall: largeWall, cpu: largeCPU),
        ])
        let flat = Limit(id: "optimistic-cycle-flat-time", description: "", benchmark: "Optimistic/cycle/100000",
                         relativeTo: "Optimistic/cycle/100", metric: "wallTime", statistic: .median, bound: 1.2)
        let pooled = try #require(LimitEvaluation.evaluate([flat], against: file).first)
        #expect(pooled.outcome == .failed, "read as measured, the wait reopens the limit")
        let judged = try #require(LimitEvaluation.evaluate([flat], against: file.atReferencePace()).first)
        #expect(judged.outcome == .passed)
        #expect(isClose(judged.figure, 15_450.0 / 15_400, relative: 0.01))
    }

    @Test func aSliverOfWaitDoesNotDisturbASample() throws {
        // Timer ticks and kernel threads: a microsecond of a 100 µs sample.
        let wall = SampleResults.spread(around: 100_000, step: 10)
        let benchmark = try Self.benchmark("Quiet", wall: wall, runQueueWait: wall.map { $0 * 0.01 })
        #expect(Disturbance.count(in: benchmark)?.disturbed == 0)
        // Without a CPU time or a run-queue wait nothing tells: no sample is set aside.
        let unknown = try Self.benchmark("Unknown", wall: wall)
        #expect(Disturbance.disturbed(in: unknown) == nil)
        let file = try SampleResults.file(benchmarks: [unknown]).atReferencePace()
        #expect(file.benchmarks[0].metric(named: "wallTime")?.referencePace?.atPace == wall.count)
    }
}
