/// Batches run with exact counters read around them: jemalloc's allocation totals and the
/// benchmark's own counts, per operation.
///
/// The counts are read outside the allocation readings (reading them may allocate), and
/// both outside any timed region. A benchmark with a set-up per operation is read around each
/// operation, after its set-up, so what the set-up allocates or counts is left out.
@MainActor
enum ExactSampling {
    /// Per-operation figures of each batch.
    struct Samples {
        /// Allocation requests per operation, one per batch (empty without a counter).
        var mallocs: [Double] = []
        /// Bytes allocated per operation, one per batch (empty without a counter).
        var bytes: [Double] = []
        /// Each custom count per operation, one per batch.
        var counts: [String: [Double]] = [:]
    }

    /// Runs `samples` batches of `batch` operations.
    /// - Complexity: `samples` × `batch` operations, plus two counter readings per batch (per
    ///   operation with a set-up per operation).
    static func run(_ instance: BenchmarkInstance, batch: Int, samples: Int,
                    allocationCounter: AllocationCounter?, countNames: [String]) throws -> Samples {
        var result = Samples()
        let divisor = Double(batch)
        for _ in 0..<samples {
            var meter = CounterMeter(instance: instance, allocationCounter: allocationCounter)
            try instance.run(batch, metering: &meter)
            if allocationCounter != nil {
                result.mallocs.append(Double(meter.mallocs) / divisor)
                result.bytes.append(Double(meter.bytes) / divisor)
            }
            for name in countNames {
                result.counts[name, default: []].append(Double(meter.counts[name] ?? 0) / divisor)
            }
        }
        return result
    }
}

/// The allocation counter and the benchmark's counts read around each measured part, the
/// differences added up.
@MainActor
private struct CounterMeter: Meter {
    let instance: BenchmarkInstance
    let allocationCounter: AllocationCounter?
    private(set) var mallocs: UInt64 = 0
    private(set) var bytes: UInt64 = 0
    private(set) var counts: [String: Int] = [:]
    private var countsBefore: [String: Int] = [:]
    private var before: AllocationCounter.Reading?

    init(instance: BenchmarkInstance, allocationCounter: AllocationCounter?) {
        self.instance = instance
        self.allocationCounter = allocationCounter
    }

    mutating func start() {
        countsBefore = instance.readCounts()
        before = allocationCounter?.read()
    }

    mutating func stop() {
        let after = allocationCounter?.read()
        let countsAfter = instance.readCounts()
        if let before, let after {
            mallocs &+= after.mallocs &- before.mallocs
            bytes &+= after.bytes &- before.bytes
        }
        for (name, total) in countsAfter {
            counts[name, default: 0] += total - (countsBefore[name] ?? 0)
        }
    }
}
