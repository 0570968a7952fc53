/// The timing samples of one benchmark instance, taken one at a time, with what the harness
/// records beside each: the machine's pace around it (`BracketedPace`), the scheduler's wait
/// and preemptions during its measured parts (`SchedulerReading`: a set-up per operation
/// preempted disturbs nothing measured), and what its last operation observed of
/// itself. `Runner` takes a benchmark's samples in a row, or several benchmarks' in turn
/// (interleaved), through this one type.
@MainActor
struct TimingSeries {
    /// Wall time per operation of each sample, the harness's overhead subtracted.
    private(set) var wall: [Double] = []
    /// CPU time per operation of each sample, the harness's overhead subtracted.
    private(set) var cpu: [Double] = []
    /// The slower of the pace readings right before and right after each sample.
    private(set) var paces: [Double] = []
    /// The run-queue wait per operation and the preemptions of each sample; nil once a reading
    /// failed (or where the kernel does not tell).
    private(set) var scheduler: (wait: [Double], switches: [Double])? = ([], [])
    /// What each sample's last operation observed of itself.
    private(set) var observations: [[String: Double]] = []
    /// The reading after the last sample, which is the next one's reading before when nothing
    /// else ran in between.
    private var lastPace: Double?

    /// Samples taken so far.
    var count: Int { wall.count }

    /// How long the reading after a sample of `wall` nanoseconds reads the machine
    /// (`MachinePace.fastest(within:)`): 2 % of the sample, at most 5 ms, so the probing costs
    /// a long sample little and a short one nothing.
    static func settlingWindow(afterSample wall: UInt64) -> UInt64 {
        Swift.min(wall / 50, 5_000_000)
    }

    /// Takes one sample of `batch` operations of `instance`. `fresh` reads the pace again
    /// before the sample (another benchmark ran since this series' last sample); otherwise the
    /// last sample's reading after serves as this one's before.
    /// - Throws: whatever the operation throws.
    /// - Complexity: the batch, two pace probes (one with `fresh`), two scheduler readings.
    mutating func take(_ instance: BenchmarkInstance, batch: Int, overhead: HarnessOverhead, fresh: Bool) throws {
        let paceBefore = fresh ? MachinePace.measure() : (lastPace ?? MachinePace.measure())
        let sample = try TimingSample.take(instance, batch: batch, readingScheduler: scheduler != nil)
        if let disturbance = sample.scheduler, scheduler != nil {
            scheduler?.wait.append(disturbance.waitNanoseconds / Double(batch))
            scheduler?.switches.append(disturbance.switches)
        } else {
            scheduler = nil
        }
        let perOperation = overhead.perOperation(sample, batch: batch)
        let paceAfter = MachinePace.fastest(within: Self.settlingWindow(afterSample: sample.wallNanoseconds))
        lastPace = paceAfter
        paces.append(BracketedPace.pace(before: paceBefore, after: paceAfter))
        wall.append(perOperation.wall)
        cpu.append(perOperation.cpu)
        observations.append(instance.readObservations())
    }
}
