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
/// tells NONEXISTENT from UNKNOWN.
@MainActor
public struct DataChecker: SelectionVisitor {
    private var latestInvalidation: Int?
    private var isMissing = false
    /// Whether the check is read tracked (see `check(_:root:in:tracked:)`).
    private let tracked: Bool
    var spreads = SpreadMemo<DataID>()

    private init(tracked: Bool) {
        self.tracked = tracked
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
    static func check(_ operation: BoundArtifact, root: DataID = .root, in store: Store,
                      tracked: Bool) -> Availability {
        var checker = DataChecker(tracked: tracked)
        if let record = store.record(root) {
            _ = checker.visit(operation, from: record)
        } else {
            checker.isMissing = true
        }
        return Availability(status: checker.isMissing ? .missing : .available,
                            latestInvalidation: checker.latestInvalidation)
    }

    static var looksUpLeaves: Bool { true }

    mutating func enter(_ record: Record) -> Bool {
        if let epoch = tracked ? record.invalidatedAt : record.invalidationEpoch {
            latestInvalidation = max(latestInvalidation ?? epoch, epoch)
        }
        return true
    }

    mutating func missing(_ field: FieldNode, on record: Record, bound: BoundArtifact) -> Bool {
        if tracked {
            record.registrar.access(record, keyPath: bound.keyPath(of: field))
            // Deleting the record makes the field null, no longer missing.
            record.registrar.access(record, keyPath: Record.typeKeyPath)
        }
        isMissing = true
        return false
    }
}
