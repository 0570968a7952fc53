import Foundation
import LatticeBench

/// Two commits compared from their rounds: each side's results files (one per round of an
/// interleaved run) pooled, then compared with times judged by the rounds. The lab's `compare`.
public struct RoundsComparison {
    /// The comparison, row by row.
    public let comparison: ResultsComparison
    /// `Comparison: <base> (N rounds) → <head> (M rounds)`.
    public let title: String

    /// Reads and compares the two sides; with `exactOnly`, only their exact figures
    /// (instructions, allocations, counts), for a compare whose times were not measured in
    /// rounds.
    /// - Throws: `JSONFileError` naming a file that is unreadable or corrupt, or rounds that do
    ///   not belong together.
    /// - Complexity: O(total samples · log) for pooling, plus the comparison.
    /// With `limits`, each benchmark's exact figures get the tolerance its `baseline` entry
    /// gives, as in the baseline check.
    public init(baselinePaths: [String], candidatePaths: [String], exactOnly: Bool = false,
                limits: LimitsFile? = nil) throws(JSONFileError) {
        func read(_ path: String) throws(JSONFileError) -> (String, ResultsFile) {
            let file = try LabFiles.results(path)
            return (path, exactOnly ? Baseline.exactFigures(of: file) : file)
        }
        let baselineRounds = try baselinePaths.map(read)
        let candidateRounds = try candidatePaths.map(read)
        let baseline = try ResultsFile.pooled(baselineRounds)
        let candidate = try ResultsFile.pooled(candidateRounds)
        do {
            comparison = try ResultsComparison(baseline: baseline, candidate: candidate,
                                               rounds: (baselineRounds.map(\.1), candidateRounds.map(\.1)),
                                               exactTolerance: { limits?.baselineTolerance(for: $0)?.tolerance })
        } catch {
            throw .corrupt(file: baselinePaths.first ?? "baseline", path: "$", reason: "\(error)")
        }
        title = "Comparison: \(baseline.revision?.commit.prefix(10) ?? "baseline") "
            + "(\(baselinePaths.count) rounds) → \(candidate.revision?.commit.prefix(10) ?? "candidate") "
            + "(\(candidatePaths.count) rounds)"
    }

    /// The comparison as Markdown, titled: what `--out` writes.
    public var markdown: String {
        "# \(title)\n\n" + ComparisonRenderer().markdown(comparison) + "\n"
    }

    /// Writes `markdown` to `path` atomically. - Throws: `JSONFileError.unwritable`.
    public func write(to path: String) throws(JSONFileError) {
        try AtomicFile.write(Data(markdown.utf8), to: path)
    }
}
