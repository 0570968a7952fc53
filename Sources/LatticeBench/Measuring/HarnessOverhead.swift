/// The harness's own cost inside a timing sample, measured once at the start of a run and
/// subtracted from every sample.
///
/// Two parts: the region (the four clock reads around a batch, paid once per sample) and the
/// iteration (the loop and the call through the benchmark's closure, paid once per operation,
/// measured with an empty operation called through the same path). A benchmark with a set-up
/// per operation reads the clocks around each operation, so its region is empty and its
/// iteration holds the four clock reads. After both are
/// subtracted an empty operation measures about 0 ns; a figure that would come out negative
/// because of noise is clamped to 0, so no per-operation figure is ever negative.
struct HarnessOverhead: Equatable, Sendable {
    /// Wall time of an empty region, nanoseconds per sample.
    var wallRegionNanoseconds: Double
    /// CPU time of an empty region, nanoseconds per sample.
    var cpuRegionNanoseconds: Double
    /// Wall time of one loop iteration calling an empty operation, nanoseconds.
    var wallIterationNanoseconds: Double
    /// CPU time of one loop iteration calling an empty operation, nanoseconds.
    var cpuIterationNanoseconds: Double

    /// No overhead: samples are reported as measured.
    static let zero = HarnessOverhead(wallRegionNanoseconds: 0, cpuRegionNanoseconds: 0,
                                      wallIterationNanoseconds: 0, cpuIterationNanoseconds: 0)

    /// Wall nanoseconds subtracted from one sample of `batch` operations.
    func wallNanoseconds(batch: Int) -> Double {
        wallRegionNanoseconds + wallIterationNanoseconds * Double(batch)
    }

    /// A sample's wall and CPU figures per operation, overhead subtracted, clamped at 0.
    func perOperation(_ sample: TimingSample, batch: Int) -> (wall: Double, cpu: Double) {
        (Self.perOperation(raw: sample.wallNanoseconds, batch: batch,
                           region: wallRegionNanoseconds, iteration: wallIterationNanoseconds),
         Self.perOperation(raw: sample.cpuNanoseconds, batch: batch,
                           region: cpuRegionNanoseconds, iteration: cpuIterationNanoseconds))
    }

    /// `(raw - region) / batch - iteration`, never below 0.
    static func perOperation(raw: UInt64, batch: Int, region: Double, iteration: Double) -> Double {
        let figure = (Double(raw) - region) / Double(max(batch, 1)) - iteration
        return max(figure, 0)
    }

    /// Empty regions timed to learn the clocks' cost.
    static let regionSamples = 1001
    /// Batches of the empty operation timed to learn the per-iteration cost.
    static let iterationSamples = 101

    /// Measures the overhead on this machine, now, for benchmarks called through `callPath`:
    /// the median of many empty regions, then the median per-iteration cost of calibrated
    /// batches of an empty operation called through that path.
    /// - Complexity: about `iterationSamples` × the minimum sample duration (10 ms by default).
    @MainActor
    static func measure(minimumSampleNanoseconds: UInt64,
                        callPath: BenchmarkInstance.CallPath) throws -> HarnessOverhead {
        let empty = try Benchmark.empty(callPath).instantiate()
        precondition(empty.callPath == callPath, "HarnessOverhead.measure(): wrong call path")
        defer { empty.tearDown() }
        var wallRegions: [Double] = []
        var cpuRegions: [Double] = []
        for _ in 0..<regionSamples {
            let sample = try TimingSample.take(empty, batch: 0)
            wallRegions.append(Double(sample.wallNanoseconds))
            cpuRegions.append(Double(sample.cpuNanoseconds))
        }
        var overhead = HarnessOverhead.zero
        overhead.wallRegionNanoseconds = median(wallRegions)
        overhead.cpuRegionNanoseconds = median(cpuRegions)

        let batch = try BatchCalibration.batchSize(
            minimumNanoseconds: minimumSampleNanoseconds, estimatedNanosecondsPerOperation: 0,
            measure: { try TimingSample.take(empty, batch: $0).wallNanoseconds })
        var wallIterations: [Double] = []
        var cpuIterations: [Double] = []
        for _ in 0..<iterationSamples {
            let perOperation = overhead.perOperation(try TimingSample.take(empty, batch: batch),
                                                     batch: batch)
            wallIterations.append(perOperation.wall)
            cpuIterations.append(perOperation.cpu)
        }
        overhead.wallIterationNanoseconds = median(wallIterations)
        overhead.cpuIterationNanoseconds = median(cpuIterations)
        return overhead
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
