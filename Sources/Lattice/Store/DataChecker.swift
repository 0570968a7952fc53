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

/// Checks an operation's availability by walking its whole selection, spreads included.
@MainActor
public struct DataChecker: SelectionVisitor {
    private var latestInvalidation: Int?
    private var isMissing = false

    /// Checks `operation` at `root`. Untracked.
    /// - Complexity: O(fields reached); stops at the first missing field.
    public static func check(_ operation: BoundArtifact, root: DataID = .root,
                             in store: Store) -> Availability {
        var checker = DataChecker()
        if let record = store.record(root) {
            _ = checker.visit(operation.artifact.selectionSet, on: record, bound: operation)
        } else {
            checker.isMissing = true
        }
        return Availability(status: checker.isMissing ? .missing : .available,
                            latestInvalidation: checker.latestInvalidation)
    }

    mutating func enter(_ record: Record) -> Bool {
        if let epoch = record.invalidationEpoch {
            latestInvalidation = max(latestInvalidation ?? epoch, epoch)
        }
        return true
    }

    mutating func missing(_ field: FieldNode, on record: Record) -> Bool {
        isMissing = true
        return false
    }
}
