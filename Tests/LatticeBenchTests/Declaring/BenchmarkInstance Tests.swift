import Testing
@testable import LatticeBench

@MainActor
@Suite struct BenchmarkInstanceTests {
    /// What ran, in order: the set-ups, the operations, and the meter's starts and stops.
    final class Log {
        var events: [String] = []
    }

    /// A meter that writes its starts and stops into the log, as every mode's meter reads
    /// its figures there.
    struct LoggingMeter: Meter {
        let log: Log
        func start() { log.events.append("start") }
        func stop() { log.events.append("stop") }
    }

    static func instance(_ log: Log, setUpEach: Bool) throws -> BenchmarkInstance {
        let operation: @MainActor @Sendable (Log) -> Void = { $0.events.append("operation") }
        let benchmark = setUpEach
            ? Benchmark("each", setUp: { log }, setUpEach: { $0.events.append("setUpEach") }, operation: operation)
            : Benchmark("plain", setUp: { log }, operation: operation)
        return try benchmark.instantiate()
    }

    /// Every mode measures through `run(_:metering:)`, so a set-up outside its meter's start and
    /// stop is outside the time, the allocations, the counts, the instructions and the stacks.
    @Test func aSetUpPerOperationFallsOutsideEveryMeasuredPart() throws {
        let log = Log()
        var meter = LoggingMeter(log: log)
        try Self.instance(log, setUpEach: true).run(3, metering: &meter)
        #expect(log.events == Array(repeating: ["setUpEach", "start", "operation", "stop"], count: 3).flatMap { $0 })
    }

    @Test func withoutOneTheMeterBracketsTheWholeBatch() throws {
        let log = Log()
        var meter = LoggingMeter(log: log)
        try Self.instance(log, setUpEach: false).run(3, metering: &meter)
        #expect(log.events == ["start", "operation", "operation", "operation", "stop"])
    }

    /// Warm-ups run unmetered, and still set each operation up: an operation that uses up its
    /// state would otherwise find it used up.
    @Test func anUnmeteredRunSetsUpEachOperationToo() throws {
        let log = Log()
        try Self.instance(log, setUpEach: true).run(2)
        #expect(log.events == ["setUpEach", "operation", "setUpEach", "operation"])
    }

    /// The harness subtracts the overhead of the path a benchmark is called through, measured
    /// on the empty benchmark of that path.
    @Test(arguments: BenchmarkInstance.CallPath.allCases)
    func theEmptyBenchmarkOfEachPathIsCalledThroughIt(path: BenchmarkInstance.CallPath) throws {
        let empty = try Benchmark.empty(path).instantiate()
        #expect(empty.callPath == path)
        #expect((empty.setUpEach != nil) == (path == .withSetUpEach))
    }
}
