/// One event behind an exact count, as the runtime's event log told it: which commit (its
/// number and who wrote it), which field(s), which body. A benchmark records the events of one
/// representative operation beside each count it explains (`MetricResult.events`), so a body
/// re-run is read as `commit 3 (response) → Book.title → BookRow`, and a count that grew names
/// what grew it (`CountEvent.added(from:to:)`).
///
/// Value-free, as the log is: names of fields, bodies and origins, and numbers.
public struct CountEvent: Codable, Sendable, Hashable {
    /// The commit's number in its run (the store's epoch); nil when no commit caused it (a
    /// fetch's state, a refetch's start).
    public var commit: Int?
    /// Who wrote the commit: `response`, `layer`, `local update`, …; nil without a commit.
    public var origin: String?
    /// The fields that caused it, `Type.field` where the type is known, else the storage key;
    /// empty when the commit reached it by something else it changed (a phase, a handle's facts).
    public var fields: [String]
    /// The body it re-ran; nil for an event that is no body's (a field notified).
    public var body: String?

    /// An event behind a count.
    public init(commit: Int?, origin: String?, fields: [String], body: String?) {
        self.commit = commit
        self.origin = origin
        self.fields = fields
        self.body = body
    }

    /// `commit 3 (response) → `Book.title` → BookRow`; `no commit → BookRow` for one no
    /// commit caused, `commit 4 (local update) → BookRow` for one a commit reached by no field.
    /// - Complexity: O(fields).
    public var text: String {
        var parts = [commit.map { number in "commit \(number)" + (origin.map { " (\($0))" } ?? "") } ?? "no commit"]
        if !fields.isEmpty { parts.append(fields.map { "`\($0)`" }.joined(separator: ", ")) }
        if let body { parts.append(body) }
        return parts.joined(separator: " → ")
    }

    /// The events of `new` that `old` does not have, in `new`'s order: what a count that grew
    /// from `old`'s run to `new`'s added. Matched by origin, fields and body, each event of
    /// `old` matching at most one of `new`, and not by commit number: a commit added early in
    /// the operation renumbers every commit after it, which changes nothing else.
    /// - Complexity: O(old + new) hashes.
    public static func added(from old: [CountEvent], to new: [CountEvent]) -> [CountEvent] {
        var unmatched: [CountEvent: Int] = [:]
        for event in old { unmatched[event.unnumbered, default: 0] += 1 }
        return new.filter { event in
            guard let left = unmatched[event.unnumbered], left > 0 else { return true }
            unmatched[event.unnumbered] = left - 1
            return false
        }
    }

    /// The events behind `new`'s count that `old`'s lack, when the count grew and both carry
    /// events (`added(from:to:)` of theirs); else none: a file without events says nothing of
    /// what moved. - Complexity: O(events of both).
    public static func added(from old: MetricResult, to new: MetricResult) -> [CountEvent] {
        guard new.summary.median > old.summary.median, let before = old.events, let after = new.events else { return [] }
        return added(from: before, to: after)
    }

    /// The event without its commit's number (whether it had a commit is kept).
    private var unnumbered: CountEvent {
        CountEvent(commit: commit == nil ? nil : 0, origin: origin, fields: fields, body: body)
    }
}
