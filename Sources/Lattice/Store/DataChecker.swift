/// Whether the store holds what an operation needs, and how recently any record it reaches
/// was invalidated. Staleness is the environment's to decide from this and its epochs.
public struct Availability: Hashable, Sendable {
    /// Available, or missing some field never received.
    public enum Status: Hashable, Sendable {
        case available
        case missing
    }

    /// Available or missing.
    public let status: Status
    /// The highest invalidation epoch among the records reached (`nil`: none invalidated).
    /// Meaningful when available.
    public let latestInvalidation: Int?
}

/// Checks an operation's availability by walking its whole selection, spreads included. A
/// deleted record (`RecordType.nonexistent`) is null and needs nothing under it, so it is
/// available; a record whose fields were never received is missing, as Relay's DataChecker
/// tells NONEXISTENT from UNKNOWN. While the operation's answer in parts is still coming, a
/// field under a deferred fragment whose part is pending is not missing either: it is on its
/// way, in the request in flight. With lookups (`LookupAnswers`), a lookup field never
/// received is answered by the record its key arguments name, when the store holds it.
@MainActor
public struct DataChecker: SelectionVisitor {
    private var latestInvalidation: Int?
    private var isMissing = false
    /// Whether the check is read tracked (see `check(_:root:in:tracked:)`).
    private let tracked: Bool
    /// The parts of the operation's answer in parts still coming, by label (a part without
    /// one by its path); `nil` when none is coming.
    private let partsComing: [String: IncrementalResponse.PartState]?
    /// The lookups answered and refused, when the check answers lookups.
    private var answers: LookupAnswers?
    var spreads = SpreadMemo<DataID>()

    private init(tracked: Bool, partsComing: [String: IncrementalResponse.PartState]?, answers: LookupAnswers?) {
        self.tracked = tracked
        self.partsComing = partsComing
        self.answers = answers
    }

    /// Checks `operation` at `root`. Untracked.
    /// - Complexity: O(fields reached); stops at the first missing field.
    public static func check(_ operation: BoundArtifact, root: DataID = .root,
                             in store: Store) -> Availability {
        check(operation, root: root, in: store, tracked: false)
    }

    /// Checks `operation` at `root`; `tracked`, the reader depends on the invalidation stamp of
    /// each record reached and on the field the check stopped at, if it is missing, and on
    /// that field's record's existence (not on
    /// the values: a body that shows availability does not re-run when a value changes).
    /// - Complexity: O(fields reached), plus one registrar access per record reached when
    ///   tracked; stops at the first missing field.
    /// With `partsComing` (the parts of the operation's answer in parts in flight), a
    /// deferred fragment whose part is pending is passed over: by its label, or, without one,
    /// while any part is pending.
    static func check(_ operation: BoundArtifact, root: DataID = .root, in store: Store,
                      tracked: Bool, partsComing: [String: IncrementalResponse.PartState]? = nil) -> Availability {
        check(operation, root: root, in: store, tracked: tracked, partsComing: partsComing, answers: nil).availability
    }

    /// Checks `operation` at `root`, untracked, answering the lookup fields it finds missing
    /// as `answers` says (`LookupAnswers`): the availability, and what was answered and
    /// refused. - Complexity: as `check(_:root:in:)`, plus a lookup's answer per missing
    /// field (O(1) for one that is no lookup).
    static func check(_ operation: BoundArtifact, root: DataID = .root, in store: Store,
                      partsComing: [String: IncrementalResponse.PartState]?,
                      answering answers: LookupAnswers) -> (availability: Availability, answers: LookupAnswers) {
        let checked = check(operation, root: root, in: store, tracked: false, partsComing: partsComing, answers: answers)
        return (checked.availability, checked.answers ?? answers)
    }

    private static func check(_ operation: BoundArtifact, root: DataID, in store: Store, tracked: Bool,
                              partsComing: [String: IncrementalResponse.PartState]?,
                              answers: LookupAnswers?) -> (availability: Availability, answers: LookupAnswers?) {
        var checker = DataChecker(tracked: tracked, partsComing: partsComing, answers: answers)
        if let record = store.record(root) {
            _ = checker.visit(operation, from: record)
        } else {
            checker.isMissing = true
        }
        return (Availability(status: checker.isMissing ? .missing : .available,
                             latestInvalidation: checker.latestInvalidation), checker.answers)
    }

    static var looksUpLeaves: Bool { true }

    func passesOver(_ deferral: Deferral) -> Bool {
        guard let partsComing else { return false }
        guard let label = deferral.label else { return partsComing.values.contains(.pending) }
        return partsComing[label] == .pending
    }

    mutating func enter(_ record: Record) -> Bool {
        if let epoch = tracked ? record.invalidatedAt : record.invalidationEpoch {
            latestInvalidation = max(latestInvalidation ?? epoch, epoch)
        }
        return true
    }

    mutating func answer(_ field: FieldNode, in set: ObjectSelection, on record: Record,
                         bound: BoundArtifact) -> Record? {
        answers?.answer(field, in: set, on: record, bound: bound)
    }

    mutating func missing(_ field: FieldNode, on record: Record, bound: BoundArtifact) -> Bool {
        // A client-only field is never needed for availability (Relay's rule): no response
        // brings it, so an operation that waited for it would never be available.
        if field.isClientOnly { return true }
        if tracked {
            record.observe(bound.keyPath(of: field))
            // Deleting the record makes the field null, no longer missing.
            record.observe(Record.typeKeyPath)
        }
        isMissing = true
        return false
    }
}
