import Foundation

/// `spec/limits.json`: the limits a release must meet, written before the benchmarks run,
/// and the strategy the release ships (the one whose benchmarks `{ships}` selects).
///
/// ```json
/// { "version": 1, "ships": "derived",
///   "limits": [ { "id": "phase-read", "description": "...",
///                 "benchmark": "PhaseRead/{ships}/*/tracked", "metric": "wallTime",
///                 "statistic": "median", "bound": 50000, "maxCV": 0.1 } ] }
/// ```
public struct LimitsFile: Codable, Sendable, Hashable, VersionedDocument {
    /// The version this code reads.
    public static let currentVersion = 1
    static let versionKey = "version"
    static var supportedVersion: Int { currentVersion }

    /// Always `currentVersion` for a file this code accepts.
    public var version: Int
    /// Name of the strategy the release ships, e.g. `derived`.
    public var ships: String
    /// The limits, ids unique.
    public var limits: [Limit]
    /// How far exact figures may move from the committed baseline (`results/baseline.json`),
    /// by group of benchmarks; the first entry that selects a benchmark applies, and a
    /// benchmark no entry selects tolerates nothing. Absent: nothing is tolerated.
    public var baseline: [BaselineTolerance]?

    /// Creates a limits document of the current version.
    public init(ships: String, limits: [Limit], baseline: [BaselineTolerance]? = nil) {
        version = Self.currentVersion
        self.ships = ships
        self.limits = limits
        self.baseline = baseline
    }

    /// The tolerance for `benchmark`: the first entry of `baseline` that selects it.
    /// - Complexity: O(entries × pattern).
    public func baselineTolerance(for benchmark: String) -> BaselineTolerance? {
        baseline?.first { $0.selects(benchmark) }
    }

    /// Reads and checks a limits file.
    /// - Throws: `DocumentError.unreadable`, `.unsupportedVersion`, or `.corrupt` with the
    ///   JSON path for invalid JSON, a missing or mistyped field, an unknown statistic, a
    ///   duplicate id, an empty pattern, a non-finite bound, or a negative maxCV.
    public static func read(from url: URL) throws(DocumentError) -> LimitsFile {
        try DocumentDecoder.read(LimitsFile.self, from: url)
    }

    /// The first problem JSON decoding cannot catch. - Complexity: O(limits).
    func inconsistency() -> DecodingFailure? {
        if ships.isEmpty { return DecodingFailure(path: "$.ships", reason: "empty strategy name") }
        var ids = Set<String>()
        for (index, limit) in limits.enumerated() {
            let at = "$.limits[\(index)]"
            guard ids.insert(limit.id).inserted else {
                return DecodingFailure(path: "\(at).id", reason: "duplicate limit id \"\(limit.id)\"")
            }
            if limit.benchmark.isEmpty {
                return DecodingFailure(path: "\(at).benchmark", reason: "empty benchmark pattern")
            }
            if !limit.bound.isFinite {
                return DecodingFailure(path: "\(at).bound", reason: "must be a finite number")
            }
            if let maxCV = limit.maxCV, !(maxCV >= 0 && maxCV.isFinite) {
                return DecodingFailure(path: "\(at).maxCV",
                                       reason: "must be a finite number >= 0, found \(maxCV)")
            }
        }
        for (index, tolerance) in (baseline ?? []).enumerated() {
            let at = "$.baseline[\(index)]"
            if tolerance.benchmarks.isEmpty {
                return DecodingFailure(path: "\(at).benchmarks", reason: "empty benchmark pattern")
            }
            if !(tolerance.tolerance >= 0 && tolerance.tolerance.isFinite) {
                return DecodingFailure(path: "\(at).tolerance",
                                       reason: "must be a finite number >= 0, found \(tolerance.tolerance)")
            }
        }
        return nil
    }
}
