import LatticeBench

/// Joins the metrics of another run of the same benchmarks onto a results file: an
/// `--instructions` run's instruction counts onto the timing run's benchmarks, so one file
/// holds both.
public enum MetricsJoin {
    /// `base` with every metric of `extra`'s benchmarks added to the benchmark of the same name.
    /// - Throws: `LabError.corrupt` (naming `path` and the JSON path) when `extra` measured
    ///   another commit, names a benchmark `base` lacks, or repeats a metric `base` has.
    /// - Complexity: O(benchmarks · metrics).
    public static func join(_ base: ResultsFile, with extra: ResultsFile, from path: String) throws(LabError) -> ResultsFile {
        if extra.revision?.commit != base.revision?.commit {
            throw .corrupt(file: path, path: "$.revision.commit",
                           reason: "measured \(extra.revision?.commit ?? "an unknown commit"), not "
                               + (base.revision?.commit ?? "the unknown commit of the other files"))
        }
        var joined = base
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
}
