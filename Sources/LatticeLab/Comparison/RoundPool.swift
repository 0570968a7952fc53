import LatticeBench

/// Several runs of the same suite on the same commit (the rounds of an interleaved
/// comparison) pooled into one results file: each benchmark's samples of each metric
/// concatenated in round order and summarized again.
enum RoundPool {
    /// The pooled file. Benchmarks keep the first round's order (ones first seen later follow);
    /// machine and configuration are the first round's, the start time the earliest.
    /// - Throws: `LabError.corrupt` when the rounds measured different commits, or a metric
    ///   changed its unit between rounds; `.results` when no round was given.
    /// - Complexity: O(total samples · log) for the summaries (plus their bootstraps).
    static func pool(_ rounds: [(path: String, file: ResultsFile)]) throws(LabError) -> ResultsFile {
        guard let (firstPath, first) = rounds.first else { throw .results(.nothingToMerge) }
        var order: [String] = []
        var pooled: [String: BenchmarkResult] = [:]
        for (path, round) in rounds {
            if round.revision?.commit != first.revision?.commit {
                throw .corrupt(file: path, path: "$.revision.commit",
                               reason: "measured \(round.revision?.commit ?? "an unknown commit"), but \(firstPath) "
                                   + "measured \(first.revision?.commit ?? "an unknown commit")")
            }
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
                    guard existing.metrics[at].metric == result.metric else {
                        throw .corrupt(file: path, path: "$.benchmarks[\(index)].metrics[\(metricIndex)].metric",
                                       reason: "\(benchmark.name) \(result.metric.name) differs from earlier rounds")
                    }
                    let samples = existing.metrics[at].samples + result.samples
                    do {
                        existing.metrics[at] = try MetricResult(metric: result.metric, samples: samples)
                    } catch {
                        throw .corrupt(file: path, path: "$.benchmarks[\(index)].metrics[\(metricIndex)].samples",
                                       reason: "\(error)")
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
}
