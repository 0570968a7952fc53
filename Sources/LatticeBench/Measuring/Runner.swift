/// Measures benchmarks in the default mode: wall and CPU time, allocations, custom counts.
///
/// Per benchmark, on one instance (one `setUp`): a time-bounded warm-up, batch calibration,
/// timing samples until `maxSamples` or the time budget, then `exactSamples` batches with
/// the allocation and custom counters read around them. Timing and counting never share a
/// batch, so counter reads never pollute a timing.
@MainActor
struct Runner {
    /// How long and how often to measure.
    let settings: MeasurementSettings
    /// Subtracted from every timing sample, by the path the loop calls the benchmark through.
    let overheads: [BenchmarkInstance.CallPath: HarnessOverhead]
    /// The allocation counter, or why allocations cannot be counted (a warning on each result
    /// that wanted them).
    let allocationCounter: Result<AllocationCounter, AllocationCounterError>
    /// Where progress goes.
    let progress: Progress

    /// Measures one benchmark; `resultName` is its name in the results.
    /// - Throws: whatever `setUp` or the operation throws.
    /// - Complexity: about warm-up + time budget of the benchmark's operation.
    func measure(_ benchmark: Benchmark, resultName: String) throws -> BenchmarkResult {
        let instance = try benchmark.instantiate()
        defer { instance.tearDown() }
        var warnings: [String] = []
        let overhead = overheads[instance.callPath] ?? .zero
        if overheads[instance.callPath] == nil {
            warnings.append("harness overhead not measured for this benchmark's call path; not subtracted")
        }

        progress.update(resultName, "warming up")
        let batch = try BatchCalibration.warmUpAndCalibrate(instance, settings: settings)
        var results: [MetricResult] = []
        let wantsWall = benchmark.metrics.contains(.wallTime)
        let wantsCPU = benchmark.metrics.contains(.cpuTime)
        let observed = benchmark.metrics.filter { !$0.exact && !Metric.measuredByHarness.contains($0) }
        if wantsWall || wantsCPU || !observed.isEmpty {
            let timing = try sampleTimes(instance, batch: batch, overhead: overhead, name: resultName,
                                         warnings: &warnings)
            if wantsWall { results.append(try summarize(.wallTime, timing.wall)) }
            if wantsCPU { results.append(try summarize(.cpuTime, timing.cpu)) }
            for metric in observed {
                let samples = timing.observations.compactMap { $0[metric.name] }
                guard samples.count == timing.observations.count else {
                    warnings.append("'\(metric.name)' not reported: the benchmark observed it after "
                                    + "\(samples.count) of \(timing.observations.count) samples")
                    continue
                }
                results.append(try summarize(metric, samples))
            }
            results.append(try summarize(.machinePace, timing.pace))
        }

        let wantsAllocations = benchmark.metrics.contains(.mallocs)
            || benchmark.metrics.contains(.bytesAllocated)
        var counter: AllocationCounter?
        if wantsAllocations {
            switch allocationCounter {
            case .success(let available): counter = available
            case .failure(let error): warnings.append("allocations not measured: \(error)")
            }
        }
        let countNames = instance.readCounts().keys.sorted()
        if counter != nil || !countNames.isEmpty {
            progress.update(resultName, "counting")
            let exact = try ExactPass.run(instance, batch: batch, samples: settings.exactSamples,
                                          allocationCounter: counter, countNames: countNames)
            if counter != nil {
                if benchmark.metrics.contains(.mallocs) {
                    results.append(try summarize(.mallocs, exact.mallocs))
                }
                if benchmark.metrics.contains(.bytesAllocated) {
                    results.append(try summarize(.bytesAllocated, exact.bytes))
                }
            }
            for name in countNames {
                // Metric names are unique within a result (a reader rejects duplicates).
                guard !name.isEmpty, !results.contains(where: { $0.metric.name == name }) else {
                    warnings.append("count '\(name)' not reported: its name is empty or taken by another metric")
                    continue
                }
                results.append(try summarize(.count(name), exact.counts[name] ?? []))
            }
        }
        return BenchmarkResult(name: resultName, metrics: results, iterationsPerSample: batch,
                               harnessOverheadNanoseconds: overhead.wallNanoseconds(batch: batch),
                               warnings: warnings)
    }

    /// Timing samples, per operation, until `maxSamples` or the budget (but at least
    /// `minimumSamples`), each with the machine's pace around it (`BracketedPace`) and what its
    /// last operation observed of itself.
    private func sampleTimes(_ instance: BenchmarkInstance, batch: Int, overhead: HarnessOverhead,
                             name: String, warnings: inout [String])
        throws -> (wall: [Double], cpu: [Double], pace: [Double], observations: [[String: Double]]) {
        var wall: [Double] = []
        var cpu: [Double] = []
        var observations: [[String: Double]] = []
        var readings: [Double] = []
        wall.reserveCapacity(settings.maxSamples)
        cpu.reserveCapacity(settings.maxSamples)
        readings.reserveCapacity(settings.maxSamples + 1)
        readings.append(MachinePace.measure())
        let start = Clocks.wallNanoseconds()
        while wall.count < settings.maxSamples {
            let elapsed = Clocks.wallNanoseconds() &- start
            if elapsed >= settings.timeBudgetNanoseconds && wall.count >= settings.minimumSamples {
                warnings.append("time budget (\(Double(settings.timeBudgetNanoseconds) / 1e9) s) "
                                + "reached after \(wall.count) of \(settings.maxSamples) samples")
                break
            }
            let perOperation = overhead.perOperation(try TimingSample.take(instance, batch: batch),
                                                     batch: batch)
            readings.append(MachinePace.measure())
            wall.append(perOperation.wall)
            cpu.append(perOperation.cpu)
            observations.append(instance.readObservations())
            progress.update(name, "sample \(wall.count)/\(settings.maxSamples)")
        }
        return (wall, cpu, BracketedPace.paces(readings), observations)
    }

    private func summarize(_ metric: Metric, _ samples: [Double]) throws -> MetricResult {
        try MetricResult(metric: metric, samples: samples)
    }
}
