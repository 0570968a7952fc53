#if !LATTICE_WITHOUT_JEMALLOC
import CJemalloc
#endif
#if canImport(Glibc)
import Glibc
#endif

#if LATTICE_WITHOUT_JEMALLOC
/// Built without jemalloc (a sanitizer run: the sanitizer must be the process's allocator),
/// allocations cannot be counted: making a counter fails, and benchmarks report no
/// allocation figures, as when jemalloc does not answer.
struct AllocationCounter {
    /// Fails: there is no jemalloc to read. - Throws: `AllocationCounterError.notLinked`.
    init() throws(AllocationCounterError) {
        throw .notLinked
    }

    /// Never called: no counter exists without jemalloc.
    func read() -> Reading { Reading(mallocs: 0, bytes: 0) }

    /// Never called: no counter exists without jemalloc.
    func returnUnusedPages() {}
}
#else

/// Exact allocation counters of the calling thread, read from jemalloc (linked through
/// `CJemalloc`, so every `malloc` of the process, Swift's included, goes through it).
///
/// Creating a counter gives the calling thread an arena of its own (`arenas.create`, then
/// `thread.arena`), so the arena's request totals are this thread's alone, even while other
/// threads allocate (a test runner's, say). Read it on the thread that created it.
/// A reading flushes the thread's cache (so its requests reach the arena statistics), bumps
/// the statistics epoch, then reads the arena's small and large request totals and the
/// thread's allocated-bytes counter. Names are resolved to MIBs once, so a reading allocates
/// nothing. Readings cost microseconds: never take one inside a timed region.
///
/// Not counted in `mallocs`: single allocations of 8 MiB or more, which jemalloc serves from
/// its shared huge arena (`opt.oversize_threshold`); their bytes are counted.
struct AllocationCounter {
    private let flushMIB: [Int]
    private let epochMIB: [Int]
    private let smallRequestsMIB: [Int]
    private let largeRequestsMIB: [Int]
    private let threadAllocated: UnsafeMutablePointer<UInt64>

    /// Gives the calling thread its own arena, resolves the counters, and checks that jemalloc
    /// keeps statistics and really is the process's allocator (a `malloc` through the C
    /// library must move its counters).
    /// - Throws: `AllocationCounterError`.
    init() throws(AllocationCounterError) {
        var statsEnabled = false
        try Self.read("config.stats", into: &statsEnabled)
        guard statsEnabled else { throw .statisticsDisabled }
        var arena: UInt32 = 0
        try Self.read("arenas.create", into: &arena)
        let code = withUnsafeMutableBytes(of: &arena) { bytes in
            mallctl("thread.arena", nil, nil, bytes.baseAddress, bytes.count)
        }
        guard code == 0 else { throw .mallctlFailed(name: "thread.arena", code: code) }
        flushMIB = try Self.mib("thread.tcache.flush")
        epochMIB = try Self.mib("epoch")
        // The statistics know of the new arena only after an epoch refresh.
        var epoch: UInt64 = 1
        let refreshed = withUnsafeMutableBytes(of: &epoch) { bytes in
            mallctl("epoch", nil, nil, bytes.baseAddress, bytes.count)
        }
        guard refreshed == 0 else { throw .mallctlFailed(name: "epoch", code: refreshed) }
        smallRequestsMIB = try Self.mib("stats.arenas.\(arena).small.nrequests")
        largeRequestsMIB = try Self.mib("stats.arenas.\(arena).large.nrequests")
        var pointer: UnsafeMutablePointer<UInt64>?
        try Self.read("thread.allocatedp", into: &pointer)
        guard let pointer else { throw .mallctlFailed(name: "thread.allocatedp", code: 0) }
        threadAllocated = pointer

        let before = read()
        let probe = malloc(4096)
        blackHole(probe)  // so the optimizer cannot elide the malloc/free pair
        free(probe)
        guard read().mallocs > before.mallocs else { throw .notTheProcessAllocator }
    }

    /// The current totals.
    /// - Complexity: a tcache flush and a statistics refresh (microseconds); allocates nothing.
    func read() -> Reading {
        _ = call(flushMIB, read: nil, size: nil)
        var epoch: UInt64 = 1
        var epochSize = MemoryLayout<UInt64>.size
        _ = withUnsafeMutablePointer(to: &epoch) { epochPointer in
            call(epochMIB, read: epochPointer, size: &epochSize,
                 write: epochPointer, writeSize: MemoryLayout<UInt64>.size)
        }
        return Reading(mallocs: readUInt64(smallRequestsMIB) &+ readUInt64(largeRequestsMIB),
                       bytes: threadAllocated.pointee)
    }

    /// Gives every arena's unused dirty pages back to the kernel (`arena.<all>.purge`), so the
    /// process's resident set holds what is in use: what `ResidentPeak` measures from.
    /// - Complexity: proportional to the pages purged.
    func returnUnusedPages() {
        _ = mallctl("arena.\(MALLCTL_ARENAS_ALL).purge", nil, nil, nil, 0)
    }

    private func readUInt64(_ mib: [Int]) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        _ = withUnsafeMutablePointer(to: &value) { call(mib, read: $0, size: &size) }
        return value
    }

    private func call(_ mib: [Int], read: UnsafeMutableRawPointer?, size: UnsafeMutablePointer<Int>?,
                      write: UnsafeMutableRawPointer? = nil, writeSize: Int = 0) -> Int32 {
        mib.withUnsafeBufferPointer { buffer in
            mallctlbymib(buffer.baseAddress, buffer.count, read, size, write, writeSize)
        }
    }

    private static func mib(_ name: String) throws(AllocationCounterError) -> [Int] {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        let code = mallctlnametomib(name, &mib, &length)
        guard code == 0 else { throw .mallctlFailed(name: name, code: code) }
        return Array(mib.prefix(length))
    }

    private static func read<Value: BitwiseCopyable>(_ name: String, into value: inout Value)
        throws(AllocationCounterError) {
        var size = MemoryLayout<Value>.size
        let code = withUnsafeMutableBytes(of: &value) { mallctl(name, $0.baseAddress, &size, nil, 0) }
        guard code == 0 else { throw .mallctlFailed(name: name, code: code) }
    }
}

#endif

extension AllocationCounter {
    /// Whether this build links jemalloc, so a counter can be made.
    #if LATTICE_WITHOUT_JEMALLOC
    static let isLinked = false
    #else
    static let isLinked = true
    #endif

    /// Totals since the counter was created (requests) or the thread started (bytes).
    struct Reading: Equatable, Sendable {
        /// Allocation requests (small + large) served by the thread's arena.
        var mallocs: UInt64
        /// Bytes allocated by this thread.
        var bytes: UInt64
    }
}

/// Why allocations cannot be counted.
enum AllocationCounterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `mallctl` name failed with the given errno (e.g. `ENOENT` for an unknown name).
    case mallctlFailed(name: String, code: Int32)
    /// jemalloc was built without `--enable-stats`.
    case statisticsDisabled
    /// jemalloc is linked but the C library's `malloc` does not reach it.
    case notTheProcessAllocator
    /// The build leaves jemalloc out (`LATTICE_SANITIZE`, for a sanitizer run).
    case notLinked

    var description: String {
        switch self {
        case .mallctlFailed(let name, let code): "mallctl(\"\(name)\") failed with errno \(code)"
        case .statisticsDisabled: "jemalloc was built without statistics"
        case .notTheProcessAllocator: "malloc does not reach jemalloc (is libjemalloc linked into the executable?)"
        case .notLinked: "built without jemalloc (LATTICE_SANITIZE, a sanitizer run)"
        }
    }
}
