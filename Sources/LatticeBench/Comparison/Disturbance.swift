/// Which timing samples of a benchmark the machine disturbed: the measuring thread waited for a
/// CPU during the sample, because a neighbour held it. A disturbed sample is not at the
/// reference pace, whatever the pace probes around it read (`PaceMatching`).
///
/// Why the probes miss it: they run before and after a sample, for a microsecond each, and a
/// preemption in the middle of a sample falls between them. On the recorded quick gate with two
/// busy processes beside it (../shared/runs/2026-12-05-loaded-machine), Optimistic/cycle/100000
/// read 33.7 µs at a median where its CPU time stayed at 15.3 µs, sample after sample, with the
/// probes at pace throughout: the wall time doubled by waiting, not by a slower machine or a
/// cache the neighbours shared. 2,604 of that run's 7,637 timed samples waited more than 2 % of
/// their wall time; no sample of the two recorded quiet runs did.
///
/// The rule, in one place: a sample is disturbed when it waited on a run queue for more than
/// `tolerance` of its wall time. The wait is the kernel's (`Metric.runQueueWait`); a file
/// without it (older runs, platforms whose kernel does not tell) is read by the gap between
/// its wall and CPU times, which also counts a wait the code chose (a child process, a file
/// synced), so there it can only set aside more samples, never keep a preempted one.
public enum Disturbance {
    /// The share of a sample's wall time it may have waited for a CPU and still count as
    /// undisturbed: timer ticks and kernel threads take a few microseconds of a 100 µs sample
    /// (well under 1 % on the quiet machine); a preemption by a busy neighbour takes
    /// milliseconds, half the sample or more.
    public static let tolerance = 0.02

    /// Whether each timing sample of `benchmark` was disturbed, in sample order; nil when the
    /// benchmark recorded neither the run-queue wait nor both clocks for each sample.
    /// - Complexity: O(samples).
    public static func disturbed(in benchmark: BenchmarkResult) -> [Bool]? {
        guard let wall = benchmark.metric(named: Metric.wallTime.name)?.samples else { return nil }
        let wait: [Double]
        if let kernel = benchmark.metric(named: Metric.runQueueWait.name)?.samples {
            wait = kernel
        } else if let cpu = benchmark.metric(named: Metric.cpuTime.name)?.samples, cpu.count == wall.count {
            wait = zip(wall, cpu).map { $0 - $1 }
        } else {
            return nil
        }
        guard wait.count == wall.count else { return nil }
        return zip(wall, wait).map { wall, wait in wait > tolerance * Swift.max(wall, 0) }
    }

    /// How many of `benchmark`'s timing samples were disturbed and how many it took; nil as for
    /// `disturbed(in:)`. - Complexity: O(samples).
    public static func count(in benchmark: BenchmarkResult) -> (disturbed: Int, taken: Int)? {
        disturbed(in: benchmark).map { flags in (flags.count(where: { $0 }), flags.count) }
    }
}
