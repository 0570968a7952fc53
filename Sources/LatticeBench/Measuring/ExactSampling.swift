/// Batches run with exact counters read around them: jemalloc's allocation totals, the
/// thread's bytes read and written (`ThreadIO`) and the benchmark's own counts, per operation;
/// and the resident peak of each batch (`ResidentPeak`), per batch.
///
/// Nested, outermost first: the benchmark's counts (reading them may allocate or read a
/// file), the peak's mark (resetting it is a write), the I/O readings, the allocation
/// readings; all outside any timed region.
@MainActor
enum ExactSampling {
    /// Per-operation figures of each batch.
    struct Samples {
        /// Allocation requests per operation, one per batch (empty without a counter).
        var mallocs: [Double] = []
        /// Bytes allocated per operation, one per batch (empty without a counter).
        var bytes: [Double] = []
        /// Bytes read per operation, one per batch (empty where the kernel does not tell).
        var bytesRead: [Double] = []
        /// Bytes written per operation, one per batch (empty where the kernel does not tell).
        var bytesWritten: [Double] = []
        /// The resident peak of each batch above the floor, bytes (empty without a floor).
        var peakResident: [Double] = []
        /// Each custom count per operation, one per batch.
        var counts: [String: [Double]] = [:]
    }

    /// Runs `samples` batches of `batch` operations; with `resident`, each batch's peak too.
    /// - Complexity: `samples` × `batch` operations, plus a few counter readings per batch.
    static func run(_ instance: BenchmarkInstance, batch: Int, samples: Int,
                    allocationCounter: AllocationCounter?, countNames: [String],
                    resident: ResidentPeak? = nil) throws -> Samples {
        var result = Samples()
        let divisor = Double(batch)
        for _ in 0..<samples {
            let countsBefore = instance.readCounts()
            let marked = resident != nil && ResidentPeak.resetMark()
            let ioBefore = ThreadIO.current()
            let before = allocationCounter?.read()
            try instance.run(batch)
            let after = allocationCounter?.read()
            let ioAfter = ThreadIO.current()
            if marked, let peak = resident?.peak() { result.peakResident.append(Double(peak)) }
            let countsAfter = instance.readCounts()
            if let before, let after {
                result.mallocs.append(Double(after.mallocs &- before.mallocs) / divisor)
                result.bytes.append(Double(after.bytes &- before.bytes) / divisor)
            }
            if let ioBefore, let ioAfter {
                let moved = ioAfter.since(ioBefore)
                result.bytesRead.append(Double(moved.read) / divisor)
                result.bytesWritten.append(Double(moved.written) / divisor)
            }
            for name in countNames {
                let delta = (countsAfter[name] ?? 0) - (countsBefore[name] ?? 0)
                result.counts[name, default: []].append(Double(delta) / divisor)
            }
        }
        return result
    }
}
