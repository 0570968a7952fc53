import Foundation

/// `spec/limits.json`: the decision rule written before the benchmarks run (the designs in
/// the order the decision record weighs them, and each design's limits), and the design the
/// last full run chose to ship, which that run writes back (`ships`).
///
/// ```json
/// { "version": 2, "chain": ["derived", "rootVerdict", "stored"], "ships": "rootVerdict",
///   "limits": [ { "id": "phase-read", "description": "...", "designs": ["derived", "rootVerdict"],
///                 "benchmark": "PhaseRead/{design}/*/tracked", "metric": "wallTime",
///                 "statistic": "median", "bound": 50000, "maxCV": 0.1 } ] }
/// ```
public struct LimitsFile: Codable, Sendable, Hashable, VersionedJSONFile {
    /// The version this code reads: 2, the chain of designs (version 1 judged one candidate
    /// against the strategy it shipped).
    public static let currentVersion = 2
    static let versionKey = "version"
    static var supportedVersion: Int { currentVersion }

    /// Always `currentVersion` for a file this code accepts.
    public var version: Int
    /// The designs, in the order the decision weighs them: the first that passes every limit
    /// that applies to it ships; the last ships when every other failed.
    public var chain: [String]
    /// The design the release ships: what the last full run decided, written back by it.
    public var ships: String
    /// The limits, ids unique, each naming the designs it applies to.
    public var limits: [Limit]
    /// How far exact figures may move from the committed baseline (`results/baseline.json`),
    /// by group of benchmarks; the first entry that selects a benchmark applies, and a
    /// benchmark no entry selects tolerates nothing. Absent: nothing is tolerated.
    public var baseline: [BaselineTolerance]?

    /// Creates a limits file of the current version.
    public init(chain: [String], ships: String, limits: [Limit], baseline: [BaselineTolerance]? = nil) {
        version = Self.currentVersion
        self.chain = chain
        self.ships = ships
        self.limits = limits
        self.baseline = baseline
    }

    /// The limits that apply to `design`, in file order. - Complexity: O(limits · designs).
    public func limits(for design: String) -> [Limit] {
        limits.filter { $0.designs.contains(design) }
    }

    /// The tolerance for `benchmark`: the first entry of `baseline` that selects it.
    /// - Complexity: O(entries × pattern).
    public func baselineTolerance(for benchmark: String) -> BaselineTolerance? {
        baseline?.first { $0.selects(benchmark) }
    }

    /// Reads and checks a limits file.
    /// - Throws: `JSONFileError.unreadable`, `.unsupportedVersion`, or `.corrupt` with the
    ///   JSON path for invalid JSON, a missing or mistyped field, an unknown statistic, an
    ///   empty or repeated chain, a `ships` or limit design outside the chain, a duplicate id,
    ///   an empty pattern, a non-finite bound (or a ratio bound not above 0), or a negative maxCV.
    public static func read(from url: URL) throws(JSONFileError) -> LimitsFile {
        try JSONFileDecoder.read(LimitsFile.self, from: url)
    }

    /// The file's bytes: pretty, keys sorted, so a run that rewrites `ships` changes one line.
    /// - Throws: `JSONFileError.unwritable` naming `file` when it cannot be encoded.
    public func encoded(file: String) throws(JSONFileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self) + Data("\n".utf8)
        } catch {
            throw .unwritable(file: file, reason: "\(error)")
        }
    }

    /// The first problem JSON decoding cannot catch. - Complexity: O(limits · chain).
    func inconsistency() -> DecodingFailure? {
        if chain.isEmpty { return DecodingFailure(path: "$.chain", reason: "names no design") }
        if Set(chain).count != chain.count {
            return DecodingFailure(path: "$.chain", reason: "names a design twice")
        }
        if !chain.contains(ships) {
            return DecodingFailure(path: "$.ships", reason: "\"\(ships)\" is not in the chain \(chain)")
        }
        var ids = Set<String>()
        for (index, limit) in limits.enumerated() {
            let at = "$.limits[\(index)]"
            guard ids.insert(limit.id).inserted else {
                return DecodingFailure(path: "\(at).id", reason: "duplicate limit id \"\(limit.id)\"")
            }
            if limit.designs.isEmpty {
                return DecodingFailure(path: "\(at).designs", reason: "names no design")
            }
            if let stranger = limit.designs.first(where: { !chain.contains($0) }) {
                return DecodingFailure(path: "\(at).designs", reason: "\"\(stranger)\" is not in the chain \(chain)")
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
