/// Batches run with exact counters read around them: jemalloc's allocation totals, the
/// thread's bytes read and written (`ThreadIO`) and the benchmark's own counts, per operation;
/// and the resident peak of each batch (`ResidentPeak`), per batch.
///
/// Nested, outermost first: the benchmark's counts (reading them may allocate or read a
/// file), the I/O readings, the allocation readings; all outside any timed region. A benchmark
/// with a set-up per operation is read around each operation, after its set-up, so what the
/// set-up allocates, counts, reads or writes is left out; the peak's mark (resetting it is a
/// write) is set once a batch, so a batch's peak takes in its set-ups.
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
    /// - Complexity: `samples` × `batch` operations, plus a few counter readings per batch (per
    ///   operation with a set-up per operation).
    static func run(_ instance: BenchmarkInstance, batch: Int, samples: Int,
                    allocationCounter: AllocationCounter?, countNames: [String],
                    resident: ResidentPeak? = nil) throws -> Samples {
        var result = Samples()
        let divisor = Double(batch)
        for _ in 0..<samples {
            let marked = resident != nil && ResidentPeak.resetMark()
            var meter = CounterMeter(instance: instance, allocationCounter: allocationCounter)
            try instance.run(batch, metering: &meter)
            if marked, let peak = resident?.peak() { result.peakResident.append(Double(peak)) }
            if allocationCounter != nil {
                result.mallocs.append(Double(meter.mallocs) / divisor)
                result.bytes.append(Double(meter.bytes) / divisor)
            }
            if let moved = meter.io {
                result.bytesRead.append(Double(moved.read) / divisor)
                result.bytesWritten.append(Double(moved.written) / divisor)
            }
            for name in countNames {
                result.counts[name, default: []].append(Double(meter.counts[name] ?? 0) / divisor)
            }
        }
        return result
    }
}

/// The allocation counter, the thread's I/O and the benchmark's counts read around each
/// measured part, the differences added up.
@MainActor
private struct CounterMeter: Meter {
    let instance: BenchmarkInstance
    let allocationCounter: AllocationCounter?
    private(set) var mallocs: UInt64 = 0
    private(set) var bytes: UInt64 = 0
    private(set) var counts: [String: Int] = [:]
    /// Bytes read and written over the measured parts; nil where the kernel does not tell.
    private(set) var io: (read: UInt64, written: UInt64)? = (0, 0)
    private var countsBefore: [String: Int] = [:]
    private var ioBefore: ThreadIO?
    private var before: AllocationCounter.Reading?

    init(instance: BenchmarkInstance, allocationCounter: AllocationCounter?) {
        self.instance = instance
        self.allocationCounter = allocationCounter
    }

    mutating func start() {
        countsBefore = instance.readCounts()
        ioBefore = ThreadIO.current()
        before = allocationCounter?.read()
    }

    mutating func stop() {
        let after = allocationCounter?.read()
        let ioAfter = ThreadIO.current()
        let countsAfter = instance.readCounts()
        if let before, let after {
            mallocs &+= after.mallocs &- before.mallocs
            bytes &+= after.bytes &- before.bytes
        }
        if let ioBefore, let ioAfter, let sum = io {
            let moved = ioAfter.since(ioBefore)
            io = (sum.read &+ moved.read, sum.written &+ moved.written)
        } else {
            io = nil
        }
        for (name, total) in countsAfter {
            counts[name, default: 0] += total - (countsBefore[name] ?? 0)
        }
    }
}
