import Lattice
import LatticeBench

/// The events behind a benchmark's counts, read from the runtime's event log after one
/// operation (`Benchmark`'s `events`): each body re-run with the commit, origin and field that
/// caused it, each field a commit notified. The log must include values
/// (`EventLog.Configuration(includesValues: true)`): a notified field's record, looked up in
/// `store`, gives the field its type (`Issue.title`); the events keep no record id.
@MainActor
public struct CountEvents {
    private let events: [RuntimeEvent]
    private let store: Store
    /// Who wrote each commit the log saw published, by number.
    private let origins: [Int: String]

    /// The events of `log` (the operation's alone: empty it before), over `store`.
    public init(_ log: EventLog, store: Store) {
        events = log.events
        self.store = store
        var origins: [Int: String] = [:]
        for case .committed(let commit) in events.map(\.kind) { origins[commit.commit] = Self.origin(commit.source) }
        self.origins = origins
    }

    /// Each run of a body the log names in `bodies` (all when nil) that answered an
    /// invalidation: a re-run, with the commit and the field(s) behind it.
    /// - Complexity: O(events²) at worst (each run's fields looked up among the notifications).
    public func bodies(_ bodies: Set<String>? = nil) -> [CountEvent] {
        events.compactMap { event in
            guard case let .bodyRan(body, _, commit, field) = event.kind, bodies?.contains(body) ?? true else { return nil }
            return CountEvent(commit: commit, origin: commit.flatMap { origins[$0] },
                              fields: field.map { fields($0, notifiedBy: commit) } ?? [], body: body)
        }
    }

    /// Each field a commit notified, with the commit. - Complexity: O(events).
    public func notifications() -> [CountEvent] {
        events.compactMap { event in
            guard case let .notified(commit, field, record) = event.kind else { return nil }
            return CountEvent(commit: commit, origin: origins[commit], fields: [qualified(field, record)], body: nil)
        }
    }

    /// `key` as `Type.key` for each type of the records commit `commit` notified it on (in the
    /// order notified); the bare key when none is known.
    private func fields(_ key: String, notifiedBy commit: Int?) -> [String] {
        var names: [String] = []
        for event in events {
            guard case let .notified(number, field, record) = event.kind, number == commit, field == key else { continue }
            let name = qualified(field, record)
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? [key] : names
    }

    private func qualified(_ key: String, _ record: DataID?) -> String {
        guard let record, let type = store.record(record)?.typename else { return key }
        return "\(type).\(key)"
    }

    /// The origin's short name, as BENCHMARKS.md shows it.
    private static func origin(_ source: CommitEvent.Source) -> String {
        switch source {
        case .localUpdate: "local update"
        case .response: "response"
        case .optimisticApply, .optimisticRevert: "layer"
        case .hydration: "hydration"
        case .lookup: "lookup"
        case .removeAll: "removeAll"
        }
    }
}
