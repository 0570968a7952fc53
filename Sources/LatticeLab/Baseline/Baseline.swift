import Foundation
import LatticeBench

/// Writing the committed baseline (`results/baseline.json`): the exact figures of a run, and
/// every change from the previous baseline recorded as accepted (`results/accepted.json`).
/// The lab's `baseline`.
public enum Baseline {
    /// `results` with only its exact metrics (instructions, allocations, custom counts);
    /// benchmarks without any are left out. - Complexity: O(benchmarks · metrics).
    public static func exactFigures(of results: ResultsFile) -> ResultsFile {
        var exact = results
        exact.benchmarks = results.benchmarks.compactMap { benchmark in
            var kept = benchmark
            kept.metrics = benchmark.metrics.filter(\.metric.exact)
            return kept.metrics.isEmpty ? nil : kept
        }
        return exact
    }

    /// `candidate` without the benchmarks `baseline` could not hold: when the baseline holds
    /// exact figures only (as `exactFigures` writes it; an empty one holds nothing to go by), those with no exact figure (timed
    /// only, as GeneratedCompile is), which are then never missing from it. A baseline that
    /// holds times (another run's results) is compared with the whole candidate.
    /// - Complexity: O(benchmarks · metrics).
    public static func comparable(_ candidate: ResultsFile, against baseline: ResultsFile) -> ResultsFile {
        guard !baseline.benchmarks.isEmpty, baseline.benchmarks.allSatisfy({ $0.metrics.allSatisfy(\.metric.exact) }) else {
            return candidate
        }
        var comparable = candidate
        comparable.benchmarks.removeAll { benchmark in
            !benchmark.metrics.contains { $0.metric.exact } && baseline.benchmark(named: benchmark.name) == nil
        }
        return comparable
    }

    /// Writes `results`' exact figures to `baselinePath` and appends to `acceptedPath` what
    /// moved against the baseline there before (beyond the layouts' spread and the exact
    /// floor; tolerances do not apply: an accepted change is any change), benchmarks added
    /// and removed included. Both files are written as one set.
    /// - Returns: the changes accepted by this rewrite.
    /// - Throws: `JSONFileError` for an unreadable or corrupt input, or an output that could
    ///   not be written (then neither file changed).
    /// - Complexity: O(benchmarks · metrics · samples log samples).
    @discardableResult
    public static func write(_ results: ResultsFile, to baselinePath: String,
                             accepted acceptedPath: String) throws(JSONFileError) -> [AcceptedChange] {
        let new = exactFigures(of: results)
        guard !new.benchmarks.isEmpty else {
            throw .corrupt(file: baselinePath, path: "$.benchmarks", reason: "the run has no exact figures to keep")
        }
        let commit = results.revision?.commit ?? "unknown"
        var changes: [AcceptedChange] = []
        if FileManager.default.fileExists(atPath: baselinePath) {
            let old = try LabFiles.results(baselinePath)
            for benchmark in old.benchmarks {
                for metric in benchmark.metrics {
                    let now = new.benchmark(named: benchmark.name)?.metric(named: metric.metric.name)
                    guard let now else {
                        changes.append(AcceptedChange(commit: commit, benchmark: benchmark.name, metric: metric.metric.name,
                                                      before: metric.summary.median, after: nil))
                        continue
                    }
                    let comparison: Comparison
                    do {
                        comparison = try Comparison(exact: metric, candidate: now)
                    } catch {
                        throw .corrupt(file: baselinePath, path: "$", reason: "\(benchmark.name) \(metric.metric.name): \(error)")
                    }
                    guard comparison.outcome != .noChange else { continue }
                    changes.append(AcceptedChange(commit: commit, benchmark: benchmark.name, metric: metric.metric.name,
                                                  before: comparison.baselineMedian, after: comparison.candidateMedian))
                }
            }
            for benchmark in new.benchmarks where old.benchmark(named: benchmark.name) == nil {
                for metric in benchmark.metrics {
                    changes.append(AcceptedChange(commit: commit, benchmark: benchmark.name, metric: metric.metric.name,
                                                  before: nil, after: metric.summary.median))
                }
            }
        }
        let records = try AcceptedChange.read(from: acceptedPath) + changes
        var outputs = FileSet()
        outputs.add(try new.encodedForBaseline(file: baselinePath), at: baselinePath)
        outputs.add(try AcceptedChange.encoded(records, file: acceptedPath), at: acceptedPath)
        try outputs.write()
        return changes
    }
}

extension ResultsFile {
    /// The file's bytes, as `write(to:)` writes them. - Throws: `JSONFileError.unwritable`.
    fileprivate func encodedForBaseline(file: String) throws(JSONFileError) -> Data {
        do {
            return try encoded()
        } catch {
            throw .unwritable(file: file, reason: "\(error)")
        }
    }
}
