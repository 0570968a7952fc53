import Foundation

/// A limits file: bounds on what the benchmarks measure, written before they run, and how far
/// exact figures may move from a committed baseline.
///
/// ```json
/// { "version": 4,
///   "limits": [ { "id": "phase-read", "description": "...", "benchmark": "PhaseRead/*/tracked",
///                 "metric": "wallTime", "statistic": "median", "bound": 50000, "maxCV": 0.1 } ],
///   "baseline": [ { "benchmarks": "PhaseRead/*", "tolerance": 0, "why": "..." } ] }
/// ```
///
/// A file may carry more keys, at the top or in a limit, for whoever embeds it (which limits
/// apply to what, in a pattern's own words): this reader ignores them.
public struct LimitsFile: Codable, Sendable, Hashable, VersionedJSONFile {
    /// The version this code reads: 4, the limits alone, as in 3; the lab's file embedding them
    /// added its decision records under 4, and the two share the one version field, so this
    /// reader moved with it (version 2 named, in each limit and at the top, what the limits
    /// applied to; version 1 judged one candidate).
    public static let currentVersion = 4
    /// The name of the version field.
    public static let versionKey = "version"
    /// The only version this code reads.
    public static var supportedVersion: Int { currentVersion }

    /// Always `currentVersion` for a file this code accepts.
    public var version: Int
    /// The limits, ids unique.
    public var limits: [Limit]
    /// How far exact figures may move from the committed baseline (`results/baseline.json`),
    /// by group of benchmarks; the first entry that selects a benchmark applies, and a
    /// benchmark no entry selects tolerates nothing. Absent: nothing is tolerated.
    public var baseline: [BaselineTolerance]?

    /// Creates a limits file of the current version.
    public init(limits: [Limit], baseline: [BaselineTolerance]? = nil) {
        version = Self.currentVersion
        self.limits = limits
        self.baseline = baseline
    }

    /// The tolerance for `benchmark`: the first entry of `baseline` that selects it.
    /// - Complexity: O(entries × pattern).
    public func baselineTolerance(for benchmark: String) -> BaselineTolerance? {
        baseline?.first { $0.selects(benchmark) }
    }

    /// Reads and checks a limits file.
    /// - Throws: `JSONFileError.unreadable`, `.unsupportedVersion`, or `.corrupt` with the
    ///   JSON path for invalid JSON, a missing or mistyped field, an unknown statistic, a
    ///   duplicate id, an empty pattern, a non-finite bound (or a ratio bound not above 0), a
    ///   negative maxCV, or a negative tolerance.
    public static func read(from url: URL) throws(JSONFileError) -> LimitsFile {
        try JSONFileDecoder.read(LimitsFile.self, from: url)
    }

    /// The file's bytes: pretty, keys sorted, so a rewrite of one value changes one line.
    /// - Throws: `JSONFileError.unwritable` naming `file` when it cannot be encoded.
    public func encoded(file: String) throws(JSONFileError) -> Data {
        try JSONFileEncoder.encoded(self, file: file)
    }

    /// The first problem JSON decoding cannot catch. - Complexity: O(limits + tolerances).
    public func inconsistency() -> DecodingFailure? {
        var ids = Set<String>()
        for (index, limit) in limits.enumerated() {
            let at = "$.limits[\(index)]"
            guard ids.insert(limit.id).inserted else {
                return DecodingFailure(path: "\(at).id", reason: "duplicate limit id \"\(limit.id)\"")
            }
            if limit.benchmark.isEmpty {
                return DecodingFailure(path: "\(at).benchmark", reason: "empty benchmark pattern")
            }
            if limit.relativeTo?.isEmpty == true {
                return DecodingFailure(path: "\(at).relativeTo", reason: "empty benchmark pattern")
            }
            if !limit.bound.isFinite || (limit.relativeTo != nil && limit.bound <= 0) {
                return DecodingFailure(path: "\(at).bound", reason: limit.relativeTo == nil
                                       ? "must be a finite number" : "a ratio's bound must be a finite number > 0")
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
