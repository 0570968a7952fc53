#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LatticeBench

@Suite(.enabled(if: AllocationCounter.isLinked, "runs count allocations through jemalloc, which sanitizer runs leave out"))
@MainActor struct RunnerTests {
    final class Counter {
        var steps = 0
        var observations = 0
    }

    /// `/bin/true` could not be started or waited for.
    struct SpawnFailure: Error {}

    /// One count that benchmarks measured together all add to.
    @MainActor final class Shared {
        var steps = 0
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
        Runner(settings: settings, overheads: zeroOverheads,
               allocationCounter: .success(try AllocationCounter()), progress: Progress())
    }

    static let zeroOverheads = Dictionary(uniqueKeysWithValues: BenchmarkInstance.CallPath.allCases.map { ($0, HarnessOverhead.zero) })

    /// What the harness records beside each timing sample: the pace, and where the kernel
    /// tells (Linux), the scheduler's wait and preemptions.
    static let beside: [String] = ["machinePace"]
        + (SchedulerReading.now() == nil ? [] : ["runQueueWait", "preemptions"])

    /// What the harness records beside the allocations where the kernel tells (Linux).
    static let resident: [String] = ResidentPeak.start() == nil ? [] : ["peakResident"]

    /// A file the operation writes `written` bytes to and reads `read` bytes from, each time.
    final class ScratchFile {
        let descriptor: Int32
        let written: Int
        let read: Int

        init(written: Int, read: Int) throws {
            let path = try SampleResults.temporaryDirectory().appendingPathComponent("scratch").path
            descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { throw SpawnFailure() }
            self.written = written
            self.read = read
        }

        func writeThenRead() {
            let bytes = [UInt8](repeating: 7, count: max(written, read))
            _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, written, 0) }
            var back = [UInt8](repeating: 0, count: read)
            _ = back.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, read, 0) }
        }

        deinit { close(descriptor) }
    }

    @Test(.enabled(if: ThreadIO.current() != nil, "the kernel tells a thread's I/O on Linux"),
          arguments: [(4_096, 100), (12_345, 0)])
    func anOperationWritingNBytesReportsNBytesWrittenPerOperation(written: Int, read: Int) throws {
        let benchmark = Benchmark("io", metrics: [.mallocs], setUp: { try ScratchFile(written: written, read: read) },
                                  operation: { $0.writeThenRead() })
        let result = try Self.runner().measure(benchmark, resultName: "X/io")
        #expect(result.metric(named: "bytesWritten")?.samples == [Double(written), Double(written)])
        #expect(result.metric(named: "bytesWritten")?.metric.exact == true)
        #expect(result.metric(named: "bytesRead")?.samples == (read > 0 ? [Double(read), Double(read)] : nil))
    }

    @Test func anOperationWithoutIOReportsNoIOFigures() throws {
        let result = try Self.runner().measure(Benchmark("quiet", metrics: [.mallocs]) { blackHole(1) },
                                               resultName: "X/quiet")
        #expect(result.metric(named: "bytesRead") == nil)
        #expect(result.metric(named: "bytesWritten") == nil)
    }

    @Test(.enabled(if: ResidentPeak.start() != nil, "the kernel tells and resets the resident peak on Linux"))
    func theResidentPeakSeesTheMemoryAnOperationTouches() throws {
        let size = 64 << 20
        let touching = Benchmark("touch", metrics: [.mallocs]) {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
            // One byte a page makes every page resident.
            for page in stride(from: 0, to: size, by: 4096) { buffer[page] = 1 }
            blackHole(buffer[size - 4096])
            buffer.deallocate()
        }
        let touched = try #require(try Self.runner().measure(touching, resultName: "X/touch").metric(named: "peakResident"))
        let idle = try #require(try Self.runner().measure(Benchmark("idle", metrics: [.mallocs]) {},
                                                          resultName: "X/idle").metric(named: "peakResident"))
        #expect(touched.metric.exact == false)
        // Other tests share the process: memory one of them held at the floor and gave back
        // would lower the figure, so a quarter of the pages is the margin.
        #expect(touched.samples.allSatisfy { $0 >= Double(size) * 0.75 })
        // Bounded as loosely: the idle operation does not hold the touched pages.
        #expect(idle.summary.median < touched.summary.median - Double(size / 2))
    }

    @Test func resultsHoldTheMetricsAskedForThenTheCounts() throws {
        let benchmark = Benchmark("count", metrics: [.cpuTime, .mallocs], setUp: { Counter() },
                                  counts: { ["steps": $0.steps] }) { counter in
            counter.steps += 2
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/count")
        #expect(result.name == "X/count")
        #expect(result.metrics.map(\.metric.name) == ["cpuTime"] + Self.beside + ["mallocs"] + Self.resident + ["steps"])
        #expect(result.metric(named: "cpuTime")?.samples.count == 3)
        // One pace per timing sample, in step, so a comparison can match them.
        #expect(result.metric(named: "machinePace")?.samples.count == 3)
        #expect(result.metric(named: "machinePace")?.samples.allSatisfy { $0 > 0 } == true)
        #expect(result.metric(named: "steps")?.samples == [2, 2])
        #expect(result.metric(named: "mallocs")?.samples == [0, 0])
        #expect(result.warnings.isEmpty)
    }

    /// A set-up per operation allocates and counts before each operation; the figures are the
    /// operation's alone.
    @Test func aSetUpPerOperationIsLeftOutOfTheAllocationsAndTheCounts() throws {
        final class Shelf {
            var boxes: [Counter] = []
            var steps = 0
        }
        let benchmark = Benchmark("each", metrics: [.wallTime, .mallocs], setUp: { Shelf() },
                                  setUpEach: { shelf in
                                      shelf.boxes = (0..<7).map { _ in Counter() }  // eight allocations
                                      shelf.steps += 5
                                  },
                                  counts: { ["steps": $0.steps] }) { shelf in
            blackHole(Counter())
            blackHole(Counter())
            shelf.steps += 2
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/each")
        #expect(result.metric(named: "mallocs")?.samples == [2, 2])
        #expect(result.metric(named: "steps")?.samples == [2, 2])
        #expect(result.metric(named: "wallTime")?.samples.count == 3)
        #expect(result.warnings.isEmpty)
    }

    @Test func anObservedFigureIsTheLastOperationsAfterEachTimingSampleNotDividedByTheBatch() throws {
        let peak = Metric.observed("peak", unit: .bytes)
        let benchmark = Benchmark("observed", metrics: [.wallTime, peak], setUp: { Counter() },
                                  observe: { ["peak": Double($0.steps)] }) { counter in
            counter.steps += 1
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/observed")
        #expect(result.metrics.map(\.metric.name) == ["wallTime", "peak"] + Self.beside)
        let samples = try #require(result.metric(named: "peak")?.samples)
        #expect(samples.count == 3)
        // Each sample is the count after its own batch, one batch more than the last: a figure
        // divided by the batch would stay about the same.
        #expect(result.iterationsPerSample > 1)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1 - $0 == Double(result.iterationsPerSample) })
        #expect(result.warnings.isEmpty)
    }

    /// The kernel's figures come one per timing sample, in step with the times, so that
    /// `Disturbance` can set a preempted sample aside; a thread that slept on purpose did not
    /// wait on a run queue: here it waits for a child process, as GeneratedCompile does.
    @Test(.enabled(if: SchedulerReading.now() != nil, "the kernel tells the run-queue wait (Linux)"))
    func eachTimingSampleCarriesTheSchedulersWaitAndPreemptions() throws {
        // posix_spawn and waitpid, not Foundation's Process: its wait learns of the exit through a
        // descriptor another test's concurrent spawn can inherit, which held the main actor for
        // as long as that child lived (the loopback server's 900 s; CI, 2026-12-04).
        let benchmark = Benchmark("waitsForAChild", metrics: [.wallTime, .cpuTime], setUp: { Counter() }) { _ in
            var child: pid_t = 0
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            defer { argv.forEach { free($0) } }
            guard posix_spawn(&child, "/bin/true", nil, nil, &argv, environ) == 0 else { throw SpawnFailure() }
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 {
                guard errno == EINTR else { throw SpawnFailure() }
            }
        }
        let result = try Self.runner().measure(benchmark, resultName: "X/waitsForAChild")
        let wall = try #require(result.metric(named: "wallTime")?.samples)
        let cpu = try #require(result.metric(named: "cpuTime")?.samples)
        let wait = try #require(result.metric(named: "runQueueWait")?.samples)
        let preemptions = try #require(result.metric(named: "preemptions")?.samples)
        #expect(wait.count == wall.count && preemptions.count == wall.count)
        #expect(preemptions.allSatisfy { $0 >= 0 && $0 == $0.rounded() })
        #expect(zip(wall, cpu).allSatisfy { $0 > 2 * $1 }, "waiting for the child is off the CPU")
        // Tests run in parallel, so the thread may also have been preempted; but the wait for
        // the child is in the clocks' gap and never in the run-queue wait.
        #expect(zip(zip(wall, cpu), wait).allSatisfy { $1 < $0.0 - $0.1 },
                "a wait for a child is no wait on a run queue, as the clocks' gap would have it")
    }

    /// Benchmarks measured together take their samples in turn: between two samples of one,
    /// the other ran a batch; measured alone, nothing ran in between.
    @Test func benchmarksMeasuredTogetherTakeTheirSamplesInTurn() throws {
        let shared = Shared()
        func counting(_ name: String) -> Benchmark {
            Benchmark(name, metrics: [.wallTime, .observed("operations", unit: .count)], setUp: { shared },
                      observe: { ["operations": Double($0.steps)] }) { counter in
                counter.steps += 1
            }
        }
        func gaps(_ result: BenchmarkResult) throws -> [Double] {
            let seen = try #require(result.metric(named: "operations")?.samples)
            return zip(seen, seen.dropFirst()).map { $1 - $0 }
        }
        let together = try Self.runner().measure([("X/a", counting("a")), ("X/b", counting("b"))])
        #expect(together.map(\.name) == ["X/a", "X/b"])
        let (a, b) = (together[0], together[1])
        #expect(a.metric(named: "wallTime")?.samples.count == b.metric(named: "wallTime")?.samples.count)
        #expect(try gaps(a).allSatisfy { $0 == Double(a.iterationsPerSample + b.iterationsPerSample) })
        let alone = try Self.runner().measure(counting("c"), resultName: "X/c")
        #expect(try gaps(alone).allSatisfy { $0 == Double(alone.iterationsPerSample) })
    }

    @Test func interleavingPatternsGroupTheSelectionAndGroupsSharingABenchmarkMerge() {
        let names = ["X/a/1", "X/b", "X/a/100", "X/c", "X/d"]
        let selection: BenchmarkSession.Selection = names.map { ($0, Benchmark($0) {}) }
        let grouped = BenchmarkSession.groups(selection, interleaving: ["X/a/100|X/a/1", "X/c|X/d", "X/d|X/b", "Y/z"])
        #expect(grouped.map { $0.map(\.name) } == [["X/a/1", "X/a/100"], ["X/b", "X/c", "X/d"]])
        #expect(BenchmarkSession.groups(selection, interleaving: []).map { $0.map(\.name) } == names.map { [$0] })
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
        #expect(result.metrics.map(\.metric.name) == ["mallocs"] + Self.resident)
        #expect(result.warnings.count == 2)
    }

    @Test func aMissingAllocationCounterIsAWarningNotAFailure() throws {
        let runner = Runner(settings: Self.settings, overheads: Self.zeroOverheads,
                            allocationCounter: .failure(.statisticsDisabled), progress: Progress())
        let result = try runner.measure(Benchmark("plain", metrics: [.wallTime, .mallocs]) {},
                                        resultName: "X/plain")
        #expect(result.metrics.map(\.metric.name) == ["wallTime"] + Self.beside)
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
