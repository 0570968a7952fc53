#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two clocks a timing sample reads, as nanosecond counters.
///
/// `clock_gettime(CLOCK_MONOTONIC)` is used rather than `ContinuousClock` because it is the
/// cheaper of the two here (measured on the lab machine: about 42 ns a read against 85 ns, with
/// a 1 ns resolution); the thread CPU clock is a system call (about 310 ns a read). Both costs
/// are measured at run time as part of the harness overhead and subtracted from samples.
enum Clocks {
    /// Nanoseconds on the monotonic clock (unaffected by wall-clock adjustments).
    /// - Complexity: O(1), one vDSO call.
    @inline(__always)
    static func wallNanoseconds() -> UInt64 {
        read(CLOCK_MONOTONIC)
    }

    /// Nanoseconds of CPU time (user + system) consumed by the calling thread.
    /// - Complexity: O(1), one system call.
    @inline(__always)
    static func threadCPUNanoseconds() -> UInt64 {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
