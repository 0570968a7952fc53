/// One timed batch: raw nanoseconds on both clocks, before any overhead is subtracted, and
/// what the kernel says of the thread meanwhile when asked.
struct TimingSample: Sendable {
    /// Elapsed monotonic time of the batch's measured parts, including the clock reads.
    var wallNanoseconds: UInt64
    /// Thread CPU time of the batch's measured parts, including the clock reads.
    var cpuNanoseconds: UInt64
    /// The run-queue wait and the involuntary switches over the measured parts
    /// (`SchedulerReading`), when the sample was taken `readingScheduler` and the kernel tells.
    var scheduler: (waitNanoseconds: Double, switches: Double)?

    /// Runs `batch` operations between reads of both clocks (and, `readingScheduler`, of the
    /// scheduler's figures), around the whole batch or around each operation after its set-up
    /// (`BenchmarkInstance.run(_:metering:)`).
    ///
    /// The wall clock brackets the CPU clock, so the wall figure sees the whole region. The
    /// harness measures this very function with `batch == 0` to learn the clocks' cost.
    /// - Complexity: `batch` operations and four clock reads (four an operation with a set-up
    ///   per operation), and two scheduler readings as often when asked.
    @MainActor
    static func take(_ instance: BenchmarkInstance, batch: Int, readingScheduler: Bool = false) throws -> TimingSample {
        var meter = TimingMeter(readingScheduler: readingScheduler)
        try instance.run(batch, metering: &meter)
        return meter.sample
    }
}

/// The clocks, and when asked the scheduler's figures, read around each measured part and
/// added up into one sample.
@MainActor
private struct TimingMeter: Meter {
    let readingScheduler: Bool
    private(set) var sample: TimingSample
    private var wallStart: UInt64 = 0
    private var cpuStart: UInt64 = 0
    private var schedulerStart: SchedulerReading?

    init(readingScheduler: Bool) {
        self.readingScheduler = readingScheduler
        sample = TimingSample(wallNanoseconds: 0, cpuNanoseconds: 0, scheduler: readingScheduler ? (0, 0) : nil)
    }

    @inline(__always)
    mutating func start() {
        // Read outside the clocks: a reading opens a file.
        if readingScheduler { schedulerStart = SchedulerReading.now() }
        wallStart = Clocks.wallNanoseconds()
        cpuStart = Clocks.threadCPUNanoseconds()
    }

    @inline(__always)
    mutating func stop() {
        let cpuEnd = Clocks.threadCPUNanoseconds()
        let wallEnd = Clocks.wallNanoseconds()
        sample.wallNanoseconds &+= wallEnd &- wallStart
        sample.cpuNanoseconds &+= cpuEnd &- cpuStart
        guard readingScheduler, let total = sample.scheduler else { return }
        // One part the kernel did not tell of leaves the sample without the figures.
        guard let before = schedulerStart, let after = SchedulerReading.now() else {
            sample.scheduler = nil
            return
        }
        let part = before.until(after)
        sample.scheduler = (total.waitNanoseconds + part.waitNanoseconds, total.switches + part.switches)
    }
}
