extension ResultsFile {
    /// Several runs of the same suite on the same commit (the rounds of an interleaved
    /// comparison) as one file: each benchmark's samples of each metric concatenated in round
    /// order and summarized again. Benchmarks keep the first round's order (ones first seen
    /// later follow); machine and configuration are the first round's, the start time the
    /// earliest. A metric's attribution (`functions`) and the events behind a count
    /// (`events`) are the first round's that has them.
    /// Unlike `merged`, a benchmark is expected in every file.
    /// - Throws: `JSONFileError.corrupt` naming the round's path when the rounds measured
    ///   different commits or a metric changed its unit; `.nothingToMerge` for no rounds.
    /// - Complexity: O(total samples · log) for the summaries (plus their bootstraps).
    public static func pooled(_ rounds: [(path: String, file: ResultsFile)]) throws(JSONFileError) -> ResultsFile {
        guard let (_, first) = rounds.first else { throw .nothingToMerge }
        var order: [String] = []
        var pooled: [String: BenchmarkResult] = [:]
        for (path, round) in rounds {
            try round.requireCommit(of: first, file: path)
            for (index, benchmark) in round.benchmarks.enumerated() {
                guard var existing = pooled[benchmark.name] else {
                    order.append(benchmark.name)
                    pooled[benchmark.name] = benchmark
                    continue
                }
                for (metricIndex, result) in benchmark.metrics.enumerated() {
                    guard let at = existing.metrics.firstIndex(where: { $0.metric.name == result.metric.name }) else {
                        existing.metrics.append(result)
                        continue
                    }
                    let place = "$.benchmarks[\(index)].metrics[\(metricIndex)]"
                    guard existing.metrics[at].metric == result.metric else {
                        throw .corrupt(file: path, path: place + ".metric",
                                       reason: "\(benchmark.name) \(result.metric.name) differs from earlier rounds")
                    }
                    do {
                        // Attribution and allocation sites are per function of one count, and
                        // the events behind a count are one operation's: the first round's are kept.
                        let events = existing.metrics[at].events ?? result.events
                        let sites = existing.metrics[at].allocationSites ?? result.allocationSites
                        existing.metrics[at] = try MetricResult(metric: result.metric,
                                                                samples: existing.metrics[at].samples + result.samples,
                                                                functions: existing.metrics[at].functions ?? result.functions,
                                                                functionsOmittedBelow: existing.metrics[at].functions == nil
                                                                    ? result.functionsOmittedBelow
                                                                    : existing.metrics[at].functionsOmittedBelow)
                        existing.metrics[at].events = events
                        existing.metrics[at].allocationSites = sites
                    } catch {
                        throw .corrupt(file: path, path: place + ".samples", reason: "\(error)")
                    }
                }
                existing.warnings += benchmark.warnings.filter { !existing.warnings.contains($0) }
                pooled[benchmark.name] = existing
            }
        }
        let earliest = rounds.map(\.file.createdAt).min() ?? first.createdAt
        return ResultsFile(createdAt: earliest, machine: first.machine, toolchain: first.toolchain,
                           revision: first.revision, configuration: first.configuration,
                           benchmarks: order.compactMap { pooled[$0] })
    }

    /// `self` with every metric of `extra`'s benchmarks added to the benchmark of the same
    /// name: an `--instructions` run's counts joined onto the timing run, so one file holds both.
    /// - Throws: `JSONFileError.corrupt` naming `path` and the JSON path when `extra` measured
    ///   another commit, names a benchmark `self` lacks, or repeats a metric `self` has.
    /// - Complexity: O(benchmarks · metrics).
    public func joining(_ extra: ResultsFile, from path: String) throws(JSONFileError) -> ResultsFile {
        try extra.requireCommit(of: self, file: path)
        var joined = self
        for (index, benchmark) in extra.benchmarks.enumerated() {
            guard let at = joined.benchmarks.firstIndex(where: { $0.name == benchmark.name }) else {
                throw .corrupt(file: path, path: "$.benchmarks[\(index)].name",
                               reason: "\(benchmark.name) is not in the results it joins")
            }
            for (metricIndex, metric) in benchmark.metrics.enumerated() {
                guard joined.benchmarks[at].metric(named: metric.metric.name) == nil else {
                    throw .corrupt(file: path, path: "$.benchmarks[\(index)].metrics[\(metricIndex)]",
                                   reason: "\(benchmark.name) already has \(metric.metric.name)")
                }
                joined.benchmarks[at].metrics.append(metric)
            }
        }
        return joined
    }

    /// Throws unless `self` (read from `file`) measured the commit `other` measured.
    private func requireCommit(of other: ResultsFile, file: String) throws(JSONFileError) {
        guard revision?.commit != other.revision?.commit else { return }
        throw .corrupt(file: file, path: "$.revision.commit",
                       reason: "measured \(revision?.commit ?? "an unknown commit"), not "
                           + (other.revision?.commit ?? "the unknown commit of the other files"))
    }
}
