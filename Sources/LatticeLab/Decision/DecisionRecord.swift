import LatticeBench

/// A decision record (docs/decisions/NNNN) as the limits file states it: its reopening line and
/// the limits that watch it, written before the run like every other limit, so a run can say
/// whether the record still holds. The limits are LatticeBench's `Limit`s, judged by
/// `LimitEvaluation` like the chain's; a limit the chain already judges is referenced by its id
/// (`chainLimits`) rather than written twice, and is read from the shipped strategy's judgement.
///
/// ```json
/// { "id": "0003", "record": "docs/decisions/0003-a-response-answers-the-sent-document.md",
///   "title": "A response answers the sent document", "reopenIf": "…",
///   "chainLimits": [], "limits": [ { "id": "…", "benchmark": "ResponsePath/Dashboard/normalize", … } ] }
/// ```
///
/// A record with neither kind of limit is stated but not watched: no benchmark measures what it
/// claims, and the reports say so rather than invent a figure.
public struct DecisionRecord: Codable, Sendable, Hashable {
    /// The record's number, unique in the limits file among decision records and limits, e.g. `0003`.
    public var id: String
    /// The record's file, relative to the package, e.g. `docs/decisions/0003-….md`.
    public var record: String
    /// The record's title, as its first heading gives it.
    public var title: String
    /// What the record says reopens it: its reopening line.
    public var reopenIf: String
    /// Ids of limits of the limits file's `limits` (the chain's) that watch the record, judged as
    /// the shipped strategy's.
    public var chainLimits: [String]
    /// The record's own limits, which name no strategy.
    public var limits: [Limit]

    /// Creates a record's statement.
    public init(id: String, record: String, title: String, reopenIf: String,
                chainLimits: [String] = [], limits: [Limit] = []) {
        self.id = id
        self.record = record
        self.title = title
        self.reopenIf = reopenIf
        self.chainLimits = chainLimits
        self.limits = limits
    }

    /// Whether any limit watches the record.
    public var watched: Bool { !chainLimits.isEmpty || !limits.isEmpty }

    private enum Key: String, CodingKey {
        case id, record, title, reopenIf, chainLimits, limits
    }

    /// Decodes a record's statement; `chainLimits` and `limits` may be absent (empty), the rest
    /// may not.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        id = try container.decode(String.self, forKey: .id)
        record = try container.decode(String.self, forKey: .record)
        title = try container.decode(String.self, forKey: .title)
        reopenIf = try container.decode(String.self, forKey: .reopenIf)
        chainLimits = try container.decodeIfPresent([String].self, forKey: .chainLimits) ?? []
        limits = try container.decodeIfPresent([Limit].self, forKey: .limits) ?? []
    }

    /// Encodes every key, the empty lists too, so the file says outright what does not watch a record.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(record, forKey: .record)
        try container.encode(title, forKey: .title)
        try container.encode(reopenIf, forKey: .reopenIf)
        try container.encode(chainLimits, forKey: .chainLimits)
        try container.encode(limits, forKey: .limits)
    }
}
