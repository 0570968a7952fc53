#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the kernel says of the measuring thread's time off the CPU, read right before and right
/// after each timing sample: how long it waited on a run queue, and how often it was switched
/// out against its will. Their differences across a sample are the `runQueueWait` and
/// `preemptions` metrics beside it, from which `Disturbance` tells a preempted sample.
///
/// Why the kernel's figures and not the gap between the wall and CPU clocks: the gap also
/// counts time the thread slept on purpose (a child process waited for, a file synced), which
/// disturbs nothing; the run-queue delay counts only time the thread could have run and did not.
/// Linux only (`/proc/thread-self/schedstat` and `getrusage(RUSAGE_THREAD)`); elsewhere a
/// reading is nil and no such metric is recorded (`Disturbance` then falls back on the gap).
struct SchedulerReading: Equatable, Sendable {
    /// Nanoseconds the thread has spent runnable but waiting for a CPU, since it started.
    var runQueueNanoseconds: UInt64
    /// Involuntary context switches of the thread since it started.
    var involuntarySwitches: UInt64

    /// The calling thread's reading now; nil where the kernel does not tell.
    /// - Complexity: one open, read and close of a small /proc file and one system call
    ///   (a few microseconds); taken outside the timed region.
    static func now() -> SchedulerReading? {
        #if os(Linux)
        guard let wait = runQueueNanoseconds() else { return nil }
        var usage = rusage()
        guard getrusage(rusageThread, &usage) == 0 else { return nil }
        return SchedulerReading(runQueueNanoseconds: wait, involuntarySwitches: UInt64(max(usage.ru_nivcsw, 0)))
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// `RUSAGE_THREAD` (1 in Linux's ABI), which Glibc declares only under `_GNU_SOURCE` and
    /// Swift's Glibc module therefore leaves out.
    private static let rusageThread = __rusage_who_t(1)

    /// The second of schedstat's three figures (time on the CPU, time waiting on a run queue,
    /// time slices run), nanoseconds.
    private static func runQueueNanoseconds() -> UInt64? {
        let descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
        guard fields.count >= 2 else { return nil }
        return UInt64(String(decoding: fields[1], as: UTF8.self))
    }
    #endif

    /// What happened between `self` (before a sample) and `after`: the wait and the switches.
    /// - Complexity: O(1).
    func until(_ after: SchedulerReading) -> (waitNanoseconds: Double, switches: Double) {
        (Double(after.runQueueNanoseconds &- runQueueNanoseconds), Double(after.involuntarySwitches &- involuntarySwitches))
    }
}
