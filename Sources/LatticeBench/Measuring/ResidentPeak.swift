#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The most memory the process held resident while a batch ran, above what it held before the
/// benchmark was set up: the `peakResident` metric.
///
/// One process runs many benchmarks, so a benchmark's figure is measured from a floor: before
/// its set-up the allocator gives its unused pages back (`AllocationCounter.returnUnusedPages`)
/// and the resident set is read (`VmRSS`). Before each counting batch the kernel's high-water
/// mark is reset to the current resident set (`5` written to `/proc/self/clear_refs`), and after
/// it the mark (`VmHWM`) less the floor is the sample: what the benchmark's state keeps resident
/// plus what its operation touches at most. Pages, not bytes an object uses; noisy.
struct ResidentPeak: Sendable {
    /// The resident set before the benchmark was set up, bytes.
    let floor: UInt64

    /// Reads the floor; nil where the kernel does not tell or refuses to reset the mark.
    /// - Complexity: a few system calls.
    static func start() -> ResidentPeak? {
        guard Self.resetMark(), let resident = Self.status("VmRSS") else { return nil }
        return ResidentPeak(floor: resident)
    }

    /// Resets the kernel's high-water mark to the current resident set; false when refused.
    /// - Complexity: one write to `/proc/self/clear_refs` (the kernel walks the page tables).
    static func resetMark() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = "5".utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, 1) }
        return written == 1
    }

    /// The high-water mark since the last reset, above the floor, bytes; nil where the kernel
    /// does not tell.
    func peak() -> UInt64? {
        Self.status("VmHWM").map { $0 > floor ? $0 - floor : 0 }
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func status(_ field: String) -> UInt64? {
        ProcFile("/proc/self/status")?.value(of: field).map { $0 * 1024 }
    }
}
