import Foundation
import LatticeBench

/// `spec/limits.json`: the decision rule written before the benchmarks run, and the strategy
/// the last full run chose to ship, which that run writes back (`ships`). It is a LatticeBench
/// limits file (`LimitsFile`: the limits and the baseline's tolerances) with the lab's words
/// added: the strategies in the order the decision records weigh them (`chain`), the one the
/// release ships, in each limit the strategies it applies to, its patterns naming the
/// strategy judged as `{strategy}`, and the decision records (`decisions`), each stated as the
/// limits that watch it, and the goals (`goals`): limits an issue set for this machine, judged
/// and reported as the others are but never gating the release (a goal not yet met says how far
/// off it is; it does not stop a release that every decision allows).
///
/// Version 4 added `decisions`, and a version 3 file is refused (`unsupportedVersion`) rather
/// than read as a file with no decision records: read so, every record would go unwatched
/// without a word, which is what stating them in the file is meant to prevent.
///
/// ```json
/// { "version": 4, "chain": ["derived", "rootVerdict", "stored"], "ships": "rootVerdict",
///   "limits": [ { "id": "phase-read", "description": "...", "strategies": ["derived", "rootVerdict"],
///                 "benchmark": "PhaseRead/{strategy}/*/tracked", "metric": "wallTime",
///                 "statistic": "median", "bound": 50000, "maxCV": 0.1 } ],
///   "decisions": [ { "id": "0002", "record": "docs/decisions/0002-….md", "title": "…",
///                    "reopenIf": "…", "chainLimits": ["phase-read"], "limits": [] } ] }
/// ```
public struct LabLimits: Codable, Sendable, Hashable, VersionedJSONFile {
    /// What a limit's `benchmark` and `relativeTo` write for the strategy judged.
    public static let strategyPlaceholder = "{strategy}"
    /// The name of the version field, the limits file's.
    public static var versionKey: String { LimitsFile.versionKey }
    /// The limits file's version: the lab's keys are part of the format it names.
    public static var supportedVersion: Int { LimitsFile.supportedVersion }

    /// The strategies, in the order the decision weighs them: the first that passes every limit
    /// that applies to it ships; the last ships when every other failed.
    public let chain: [String]
    /// The strategy the release ships: what the last full run decided, written back by it.
    public var ships: String
    /// The limits, as LatticeBench reads any limits file (their patterns unresolved), and the
    /// baseline's tolerances.
    public let file: LimitsFile
    /// The decision records, each with the limits that watch it, in the file's order.
    public let decisions: [DecisionRecord]
    /// The goals, in the file's order: limits that name no strategy, reported, never gating.
    public let goals: [Limit]
    /// The strategies each limit applies to, names of `chain`, by limit id (ids are unique).
    private let strategiesByLimit: [String: [String]]

    /// Creates the limits of `chain` shipping `ships`, each limit with the strategies it
    /// applies to, and the decision records they watch.
    public init(chain: [String], ships: String, limits: [(limit: Limit, strategies: [String])],
                baseline: [BaselineTolerance]? = nil, decisions: [DecisionRecord] = [], goals: [Limit] = []) {
        self.chain = chain
        self.ships = ships
        self.decisions = decisions
        self.goals = goals
        file = LimitsFile(limits: limits.map(\.limit), baseline: baseline)
        strategiesByLimit = Dictionary(limits.map { ($0.limit.id, $0.strategies) }, uniquingKeysWith: { first, _ in first })
    }

    /// The strategies `limit` applies to.
    public func strategies(of limit: Limit) -> [String] {
        strategiesByLimit[limit.id] ?? []
    }

    /// The limits that apply to `strategy`, in file order, their patterns naming it.
    /// - Complexity: O(limits · strategies).
    public func limits(for strategy: String) -> [Limit] {
        file.limits.filter { strategies(of: $0).contains(strategy) }.map { limit in
            var resolved = limit
            resolved.benchmark = Self.resolve(limit.benchmark, strategy: strategy)
            resolved.relativeTo = limit.relativeTo.map { Self.resolve($0, strategy: strategy) }
            return resolved
        }
    }

    /// The benchmarks each ratio of the file sets side by side (a chain limit's for each of its
    /// strategies, a decision record's, a goal's), as `A|B` name patterns, once each: a
    /// measuring pass takes their timing samples in turn (the harness's `--interleave`), so
    /// that a neighbour's load falls on both sides of the ratio alike.
    /// - Complexity: O(limits · strategies).
    public var ratioSides: [String] {
        let ratios = chain.flatMap(limits(for:)) + decisions.flatMap(\.limits) + goals
        var seen = Set<String>()
        return ratios.compactMap { limit in limit.relativeTo.map { "\(limit.benchmark)|\($0)" } }
            .filter { seen.insert($0).inserted }
    }

    /// `pattern` with `{strategy}` replaced by `strategy`.
    static func resolve(_ pattern: String, strategy: String) -> String {
        pattern.replacingOccurrences(of: strategyPlaceholder, with: strategy)
    }

    /// Reads and checks the lab's limits file.
    /// - Throws: what `LimitsFile.read(from:)` throws, and `.corrupt` with the JSON path for an
    ///   empty or repeated chain, a `ships` or a limit's strategy outside the chain, a limit
    ///   naming no strategy, or a decision record that is missing a field, reuses an id of the
    ///   file, names a chain limit the file does not have, or has a limit of its own that names
    ///   a strategy or is malformed.
    public static func read(from url: URL) throws(JSONFileError) -> LabLimits {
        try JSONFileDecoder.read(LabLimits.self, from: url)
    }

    /// The file's bytes: pretty, keys sorted, so a run that rewrites `ships` changes one line.
    /// - Throws: `JSONFileError.unwritable` naming `file` when it cannot be encoded.
    public func encoded(file: String) throws(JSONFileError) -> Data {
        try JSONFileEncoder.encoded(self, file: file)
    }

    /// The limits file's problems first, then the lab's, then the decision records'.
    /// - Complexity: O(limits · chain + records · limits).
    public func inconsistency() -> DecodingFailure? {
        if let failure = file.inconsistency() { return failure }
        if chain.isEmpty { return DecodingFailure(path: "$.chain", reason: "names no strategy") }
        if Set(chain).count != chain.count {
            return DecodingFailure(path: "$.chain", reason: "names a strategy twice")
        }
        if !chain.contains(ships) {
            return DecodingFailure(path: "$.ships", reason: "\"\(ships)\" is not in the chain \(chain)")
        }
        for (index, limit) in file.limits.enumerated() {
            let at = "$.limits[\(index)].strategies"
            let strategies = strategies(of: limit)
            if strategies.isEmpty { return DecodingFailure(path: at, reason: "names no strategy") }
            if let stranger = strategies.first(where: { !chain.contains($0) }) {
                return DecodingFailure(path: at, reason: "\"\(stranger)\" is not in the chain \(chain)")
            }
        }
        return recordsInconsistency()
    }

    /// The first problem of `decisions` and `goals`: ids are unique across the file (records,
    /// the chain's limits, the records' own limits and the goals), a named chain limit exists,
    /// and a record's own limit or a goal is a well-formed limit (as `LimitsFile` checks one)
    /// that names no strategy, since it is judged once whatever ships.
    private func recordsInconsistency() -> DecodingFailure? {
        let chainIDs = Set(file.limits.map(\.id))
        var ids = chainIDs
        for (index, record) in decisions.enumerated() {
            let at = "$.decisions[\(index)]"
            guard ids.insert(record.id).inserted else {
                return DecodingFailure(path: "\(at).id", reason: "duplicate id \"\(record.id)\"")
            }
            for (position, id) in record.chainLimits.enumerated() where !chainIDs.contains(id) {
                return DecodingFailure(path: "\(at).chainLimits[\(position)]",
                                       reason: "no limit of $.limits has the id \"\(id)\"")
            }
            if let failure = Self.inconsistency(of: record.limits, at: "\(at).limits",
                                                placeholder: "a record's own limit names no \(Self.strategyPlaceholder); "
                                                    + "name a limit of $.limits in chainLimits instead", ids: &ids) {
                return failure
            }
        }
        return Self.inconsistency(of: goals, at: "$.goals",
                                  placeholder: "a goal names no \(Self.strategyPlaceholder): it is judged once", ids: &ids)
    }

    /// The first problem of `limits` (at the JSON path `at`), which are judged once whatever
    /// ships: malformed as `LimitsFile` checks a limit, an id already in `ids`, or a
    /// `{strategy}` in a pattern (reported as `placeholder` says).
    private static func inconsistency(of limits: [Limit], at: String, placeholder: String,
                                      ids: inout Set<String>) -> DecodingFailure? {
        if let failure = LimitsFile(limits: limits).inconsistency() {
            return DecodingFailure(path: failure.path.replacingOccurrences(of: "$.limits", with: at),
                                   reason: failure.reason)
        }
        for (position, limit) in limits.enumerated() {
            let place = "\(at)[\(position)]"
            guard ids.insert(limit.id).inserted else {
                return DecodingFailure(path: "\(place).id", reason: "duplicate id \"\(limit.id)\"")
            }
            if (limit.benchmark + (limit.relativeTo ?? "")).contains(Self.strategyPlaceholder) {
                return DecodingFailure(path: "\(place).benchmark", reason: placeholder)
            }
        }
        return nil
    }

    private enum Key: String, CodingKey {
        case version, chain, ships, limits, strategies, baseline, decisions, goals
    }

    /// A limit's own keys, as a limits file holds them, with the strategies it applies to.
    private struct Entry: Codable {
        var limit: Limit
        var strategies: [String]

        init(limit: Limit, strategies: [String]) {
            self.limit = limit
            self.strategies = strategies
        }

        init(from decoder: any Decoder) throws {
            limit = try Limit(from: decoder)
            strategies = try decoder.container(keyedBy: Key.self).decode([String].self, forKey: .strategies)
        }

        func encode(to encoder: any Encoder) throws {
            try limit.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(strategies, forKey: .strategies)
        }
    }

    /// Decodes the limits file's keys and the lab's beside them (the version was checked by
    /// `JSONFileDecoder`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(chain: try container.decode([String].self, forKey: .chain),
                  ships: try container.decode(String.self, forKey: .ships),
                  limits: try container.decode([Entry].self, forKey: .limits).map { ($0.limit, $0.strategies) },
                  baseline: try container.decodeIfPresent([BaselineTolerance].self, forKey: .baseline),
                  decisions: try container.decode([DecisionRecord].self, forKey: .decisions),
                  goals: try container.decodeIfPresent([Limit].self, forKey: .goals) ?? [])
    }

    /// Encodes the limits file with the lab's keys beside it: its version, the chain, `ships`,
    /// each limit with its strategies, the tolerances, the decision records, the goals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(file.version, forKey: .version)
        try container.encode(chain, forKey: .chain)
        try container.encode(ships, forKey: .ships)
        try container.encode(file.limits.map { Entry(limit: $0, strategies: strategies(of: $0)) }, forKey: .limits)
        try container.encodeIfPresent(file.baseline, forKey: .baseline)
        try container.encode(decisions, forKey: .decisions)
        if !goals.isEmpty { try container.encode(goals, forKey: .goals) }
    }
}
