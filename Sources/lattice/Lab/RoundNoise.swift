import LatticeBench

/// How far the rounds of one commit disagree with each other, per benchmark and noisy
/// metric: the spread of the rounds' medians relative to their middle value. On a shared
/// machine this run-to-run drift is often larger than the comparison's default noise band,
/// and a difference between two commits smaller than the drift between two runs of the same
/// commit is not a change.
struct RoundNoise {
    private var spreads: [String: [String: Double]] = [:]

    /// The spreads of `rounds` (results files of one commit). Metrics measured in fewer than
    /// two rounds, and exact metrics, have none. - Complexity: O(rounds · samples log samples).
    init(_ rounds: [ResultsFile]) {
        var medians: [String: [String: [Double]]] = [:]
        for round in rounds {
            for benchmark in round.benchmarks {
                for metric in benchmark.metrics where !metric.metric.exact {
                    medians[benchmark.name, default: [:]][metric.metric.name, default: []].append(metric.summary.median)
                }
            }
        }
        for (benchmark, metrics) in medians {
            for (metric, values) in metrics where values.count >= 2 {
                let sorted = values.sorted()
                let middle = sorted[sorted.count / 2]
                guard let low = sorted.first, let high = sorted.last, middle != 0 else { continue }
                spreads[benchmark, default: [:]][metric] = (high - low) / Swift.abs(middle)
            }
        }
    }

    /// The relative spread of `metric` of `benchmark` across the rounds, if measured twice.
    func spread(_ benchmark: String, _ metric: String) -> Double? {
        spreads[benchmark]?[metric]
    }

    /// `comparison` of the pooled `baseline` and `candidate` files with each noisy row judged
    /// again with its noise band widened to the larger spread of the two sides' rounds, where
    /// that exceeds `thresholds.noise`.
    /// - Returns: the comparison and how many rows were judged with a wider band.
    /// - Throws: `StatisticsError` (not expected: the samples were compared once already).
    static func widened(_ comparison: ResultsComparison, baseline: ResultsFile, baselineRounds: RoundNoise,
                        candidate: ResultsFile, candidateRounds: RoundNoise,
                        thresholds: ComparisonThresholds = .default) throws(StatisticsError)
        -> (comparison: ResultsComparison, widenedRows: Int) {
        var result = comparison
        var widened = 0
        for index in result.rows.indices {
            let row = result.rows[index]
            let metric = row.comparison.metric
            guard !metric.exact,
                  let old = baseline.benchmark(named: row.benchmark)?.metric(named: metric.name),
                  let new = candidate.benchmark(named: row.benchmark)?.metric(named: metric.name)
            else { continue }
            let band = [baselineRounds.spread(row.benchmark, metric.name),
                        candidateRounds.spread(row.benchmark, metric.name)].compactMap { $0 }.max() ?? 0
            guard band > thresholds.noise else { continue }
            var wider = thresholds
            wider.noise = band
            result.rows[index].comparison = try Comparison(metric: metric, baseline: old.samples,
                                                           candidate: new.samples, thresholds: wider)
            widened += 1
        }
        return (result, widened)
    }
}
