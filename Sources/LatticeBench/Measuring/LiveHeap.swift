#if !LATTICE_WITHOUT_JEMALLOC
import CJemalloc
#endif

/// The heap the calling thread holds: the bytes it allocated and has not freed, from jemalloc's
/// per-thread counters (`thread.allocated`, `thread.deallocated`; exact, caches included).
/// What a benchmark observes to say how much memory a structure holds: the difference before
/// and after dropping it, on the thread that made it.
public enum LiveHeap {
    /// The calling thread's allocated bytes minus its freed bytes; nil without jemalloc (a
    /// sanitizer build) or when it does not answer.
    /// - Complexity: two `mallctl` reads (microseconds); never call it in a timed region.
    public static func threadBytes() -> Int? {
        #if LATTICE_WITHOUT_JEMALLOC
        return nil
        #else
        guard let allocated = counter("thread.allocatedp"), let freed = counter("thread.deallocatedp") else {
            return nil
        }
        return Int(truncatingIfNeeded: allocated.pointee &- freed.pointee)
        #endif
    }

    #if !LATTICE_WITHOUT_JEMALLOC
    private static func counter(_ name: String) -> UnsafeMutablePointer<UInt64>? {
        var pointer: UnsafeMutablePointer<UInt64>?
        var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        let code = withUnsafeMutableBytes(of: &pointer) { mallctl(name, $0.baseAddress, &size, nil, 0) }
        return code == 0 ? pointer : nil
    }
    #endif
}
