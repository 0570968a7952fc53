/// Measures benchmarks in the default mode: wall and CPU time, allocations, I/O, the resident
/// peak, custom counts.
///
/// Per benchmark, on one instance (one `setUp`): a time-bounded warm-up, batch calibration,
/// timing samples until `maxSamples` or the time budget, then `exactSamples` batches with
/// the allocation and custom counters read around them. Timing and counting never share a
/// batch, so counter reads never pollute a timing.
///
/// Benchmarks measured together (`measure(_:)` with several) take their timing samples in
/// turn, one each, so that a neighbour's load or a change of the machine's speed falls on all
/// of them alike: a limit on the ratio of two of them then reads their code, not which of the
/// two ran while the machine was busy.
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

    /// One benchmark being measured: its instance, batch and samples so far.
    private struct Member {
        let benchmark: Benchmark
        let name: String
        let instance: BenchmarkInstance
        var batch = 0
        let overhead: HarnessOverhead
        var warnings: [String]
        var series = TimingSeries()

        var timed: Bool {
            benchmark.metrics.contains { !$0.exact }
        }
    }

    /// Measures one benchmark; `resultName` is its name in the results.
    /// - Throws: whatever `setUp` or the operation throws.
    /// - Complexity: about warm-up + time budget of the benchmark's operation.
    func measure(_ benchmark: Benchmark, resultName: String) throws -> BenchmarkResult {
        try measure([(resultName, benchmark)])[0]
    }

    /// Measures `group` together: each is set up, warmed up and calibrated, then their timing
    /// samples are taken in turn, one each, until each has `maxSamples` or the group has spent
    /// its members' budgets together (each with at least `minimumSamples`); then each is
    /// counted. One result per member, in order.
    /// - Throws: whatever a `setUp` or an operation throws.
    /// - Complexity: about the members' warm-ups plus their time budgets.
    func measure(_ group: [(name: String, benchmark: Benchmark)]) throws -> [BenchmarkResult] {
        var members: [Member] = []
        defer { members.forEach { $0.instance.tearDown() } }
        // The floor of the group's resident peaks, before any of it is set up.
        if case .success(let counter) = allocationCounter { counter.returnUnusedPages() }
        let resident = ResidentPeak.start()
        for (name, benchmark) in group {
            let instance = try benchmark.instantiate()
            var warnings: [String] = []
            let overhead = overheads[instance.callPath] ?? .zero
            if overheads[instance.callPath] == nil {
                warnings.append("harness overhead not measured for this benchmark's call path; not subtracted")
            }
            // Appended before calibrating, so that a throwing warm-up still tears it down.
            members.append(Member(benchmark: benchmark, name: name, instance: instance, overhead: overhead,
                                  warnings: warnings))
            progress.update(name, "warming up")
            members[members.count - 1].batch = try BatchCalibration.warmUpAndCalibrate(instance, settings: settings)
        }
        try sampleTimes(&members)
        return try members.map { try result($0, resident: resident) }
    }

    /// Takes the members' timing samples in turn until each has enough or the budget is spent.
    private func sampleTimes(_ members: inout [Member]) throws {
        let timed = members.indices.filter { members[$0].timed }
        guard !timed.isEmpty else { return }
        let budget = settings.timeBudgetNanoseconds &* UInt64(timed.count)
        let start = Clocks.wallNanoseconds()
        while true {
            let elapsed = Clocks.wallNanoseconds() &- start
            let wanting = timed.filter { index in
                let count = members[index].series.count
                return count < settings.maxSamples && (elapsed < budget || count < settings.minimumSamples)
            }
            guard !wanting.isEmpty else { break }
            for index in wanting {
                // Another member ran since this one's last sample: read the pace afresh.
                try members[index].series.take(members[index].instance, batch: members[index].batch,
                                               overhead: members[index].overhead, fresh: timed.count > 1)
                progress.update(members[index].name, "sample \(members[index].series.count)/\(settings.maxSamples)")
            }
        }
        for index in timed where members[index].series.count < settings.maxSamples {
            members[index].warnings.append("time budget (\(Double(budget) / 1e9) s"
                                           + (timed.count > 1 ? " for \(timed.count) benchmarks in turn" : "")
                                           + ") reached after \(members[index].series.count) of \(settings.maxSamples) samples")
        }
    }

    /// The result of one member: its timing samples' metrics, then its counts; with the
    /// allocations (jemalloc answering), its I/O where it read or wrote anything, and its
    /// resident peak above `resident`.
    private func result(_ member: Member, resident: ResidentPeak?) throws -> BenchmarkResult {
        let benchmark = member.benchmark
        var warnings = member.warnings
        var results: [MetricResult] = []
        if member.timed {
            let series = member.series
            if benchmark.metrics.contains(.wallTime) { results.append(try summarize(.wallTime, series.wall)) }
            if benchmark.metrics.contains(.cpuTime) { results.append(try summarize(.cpuTime, series.cpu)) }
            for metric in benchmark.metrics where !metric.exact && !Metric.measuredByHarness.contains(metric) {
                let samples = series.observations.compactMap { $0[metric.name] }
                guard samples.count == series.observations.count else {
                    warnings.append("'\(metric.name)' not reported: the benchmark observed it after "
                                    + "\(samples.count) of \(series.observations.count) samples")
                    continue
                }
                results.append(try summarize(metric, samples))
            }
            results.append(try summarize(.machinePace, series.paces))
            if let scheduler = series.scheduler {
                results.append(try summarize(.runQueueWait, scheduler.wait))
                results.append(try summarize(.preemptions, scheduler.switches))
            }
        }

        let wantsAllocations = benchmark.metrics.contains(.mallocs) || benchmark.metrics.contains(.bytesAllocated)
        var counter: AllocationCounter?
        if wantsAllocations {
            switch allocationCounter {
            case .success(let available): counter = available
            case .failure(let error): warnings.append("allocations not measured: \(error)")
            }
        }
        let countNames = member.instance.readCounts().keys.sorted()
        if counter != nil || !countNames.isEmpty {
            progress.update(member.name, "counting")
            let exact = try ExactSampling.run(member.instance, batch: member.batch, samples: settings.exactSamples,
                                              allocationCounter: counter, countNames: countNames,
                                              resident: counter != nil ? resident : nil)
            if counter != nil {
                if benchmark.metrics.contains(.mallocs) {
                    results.append(try summarize(.mallocs, exact.mallocs))
                }
                if benchmark.metrics.contains(.bytesAllocated) {
                    results.append(try summarize(.bytesAllocated, exact.bytes))
                }
                for (metric, samples) in [(Metric.bytesRead, exact.bytesRead), (.bytesWritten, exact.bytesWritten)]
                where samples.contains(where: { $0 > 0 }) {
                    results.append(try summarize(metric, samples))
                }
                if !exact.peakResident.isEmpty, exact.peakResident.count == settings.exactSamples {
                    results.append(try summarize(.peakResident, exact.peakResident))
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
        if let events = benchmark.events {
            progress.update(member.name, "recording the events behind its counts")
            for (name, recorded) in try events() {
                guard let at = results.firstIndex(where: { $0.metric == .count(name) }) else {
                    warnings.append("events of '\(name)' not kept: the benchmark counts no '\(name)'")
                    continue
                }
                results[at].events = recorded
            }
        }
        return BenchmarkResult(name: member.name, metrics: results, iterationsPerSample: member.batch,
                               harnessOverheadNanoseconds: member.overhead.wallNanoseconds(batch: member.batch),
                               warnings: warnings)
    }

    private func summarize(_ metric: Metric, _ samples: [Double]) throws -> MetricResult {
        try MetricResult(metric: metric, samples: samples)
    }
}
