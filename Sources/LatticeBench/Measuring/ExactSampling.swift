/// Batches run with exact counters read around them: jemalloc's allocation totals and the
/// benchmark's own counts, per operation.
///
/// The counts are read outside the allocation readings (reading them may allocate), and
/// both outside any timed region.
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
    /// - Complexity: `samples` × `batch` operations, plus two counter readings per batch.
    static func run(_ instance: BenchmarkInstance, batch: Int, samples: Int,
                    allocationCounter: AllocationCounter?, countNames: [String]) throws -> Samples {
        var result = Samples()
        let divisor = Double(batch)
        for _ in 0..<samples {
            let countsBefore = instance.readCounts()
            let before = allocationCounter?.read()
            try instance.run(batch)
            let after = allocationCounter?.read()
            let countsAfter = instance.readCounts()
            if let before, let after {
                result.mallocs.append(Double(after.mallocs &- before.mallocs) / divisor)
                result.bytes.append(Double(after.bytes &- before.bytes) / divisor)
            }
            for name in countNames {
                let delta = (countsAfter[name] ?? 0) - (countsBefore[name] ?? 0)
                result.counts[name, default: []].append(Double(delta) / divisor)
            }
        }
        return result
    }
}
