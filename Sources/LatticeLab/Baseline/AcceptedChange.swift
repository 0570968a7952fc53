import Foundation
import LatticeBench

/// A change of an exact figure that a commit accepted by rewriting the baseline: what
/// BENCHMARKS.md lists, so an intended regression stays visible after the check stops
/// flagging it.
public struct AcceptedChange: Codable, Sendable, Hashable {
    /// The commit whose run rewrote the baseline (the results' revision).
    public var commit: String
    /// The benchmark.
    public var benchmark: String
    /// The metric's name (`instructions`, `mallocs`, ...).
    public var metric: String
    /// The baseline's median before; nil for a benchmark the baseline did not hold.
    public var before: Double?
    /// The new median; nil for a benchmark the run no longer holds.
    public var after: Double?

    /// Creates a record.
    public init(commit: String, benchmark: String, metric: String, before: Double?, after: Double?) {
        self.commit = commit
        self.benchmark = benchmark
        self.metric = metric
        self.before = before
        self.after = after
    }

    /// The records of `path` (`results/accepted.json`, a JSON array); none when it does not exist.
    /// - Throws: `JSONFileError.corrupt` or `.unreadable` naming the file.
    public static func read(from path: String) throws(JSONFileError) -> [AcceptedChange] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data = try LabFiles.data(path)
        do {
            return try JSONDecoder().decode([AcceptedChange].self, from: data)
        } catch {
            throw .corrupt(file: path, path: "$", reason: "not a list of accepted changes: \(error)")
        }
    }

    /// `records` as the file's bytes: pretty, keys sorted, so a rewrite diffs line by line.
    /// - Throws: `JSONFileError.unwritable` when they cannot be encoded.
    public static func encoded(_ records: [AcceptedChange], file: String) throws(JSONFileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(records) + Data("\n".utf8)
        } catch {
            throw .unwritable(file: file, reason: "\(error)")
        }
    }
}
