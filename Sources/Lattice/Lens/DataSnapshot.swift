/// Typed data an app can hand to another task: a `Sendable` copy of the records a typed lens
/// reaches, which `open()` shows again as the same typed lens, over the copy (decision record
/// 0010). One generic type serves every generated lens, so generation writes nothing for it.
///
/// ```
/// let snapshot = data.snapshot          // on the main actor, where the lens is
/// Task.detached { await show(snapshot) } // sent on; `open()` on the main actor reads it
/// ```
///
/// The copy does not follow the store: later commits do not change what it reads, and reading
/// it tracks records no commit writes. Its reads are the accessors' own (by position, the same
/// rules). Only the main actor opens it, because lenses and records live there.
public struct DataSnapshot<Data: TypedLens>: Sendable {
    private let records: RecordSourceDelta
    private let root: DataID
    private let selection: ObjectSelection
    private let artifact: Artifact
    private let variables: [String: JSONValue]
    private let operationVariables: [String: JSONValue]
    private let logger: RuntimeLogger?

    /// The copy of what `lens` reaches: every field of each record its selection reaches,
    /// spreads included. - Complexity: O(fields of the records reached).
    @MainActor
    init(_ lens: Lens) {
        var copier = SnapshotCopier()
        copier.copy(lens.selection, from: lens.record, bound: lens.bound)
        records = copier.records
        root = lens.record.id
        selection = lens.selection
        artifact = lens.bound.artifact
        variables = lens.bound.variables
        operationVariables = lens.bound.operationVariables
        logger = lens.bound.logger
    }

    /// The data again, as the same typed lens over a store of its own made from the copy: it
    /// reads what the lens read when the snapshot was taken.
    /// - Complexity: O(fields copied), the commit of the copy into an empty store.
    @MainActor
    public func open() -> Data {
        let store = Store()
        _ = store.publish(records)
        let record = store.record(root) ?? Record(id: root)
        // The binding keeps the store, so every lens read from the data does (a released
        // store empties its records).
        let bound = BoundArtifact(artifact, variables: variables, operationVariables: operationVariables,
                                  logger: logger, parts: nil, snapshotStore: store)
        return Data(lens: Lens(record: record, selection: selection, bound: bound))
    }
}

extension TypedLens {
    /// A `Sendable` copy of this data, to hand to another task (`DataSnapshot`).
    /// - Complexity: O(fields of the records the selection reaches).
    public var snapshot: DataSnapshot<Self> { DataSnapshot(lens) }
}

/// Copies the records a selection reaches into a delta, each record's fields once.
@MainActor
private struct SnapshotCopier: SelectionVisitor {
    var records = RecordSourceDelta()
    var spreads = SpreadMemo<DataID>()
    /// By identity: hashing a record's id string cost more than the copy of its fields.
    private var copied: Set<ObjectIdentifier> = []

    static var looksUpLeaves: Bool { false }

    mutating func copy(_ set: ObjectSelection, from record: Record, bound: BoundArtifact) {
        spreads = SpreadMemo(for: bound.artifact)
        _ = visit(set, on: record, bound: bound)
    }

    mutating func enter(_ record: Record) -> Bool {
        guard copied.insert(ObjectIdentifier(record)).inserted else { return true }
        if record.type == .nonexistent {
            records.delete(record.id)
        } else {
            records.set(record.slots.entries, on: record.id)
        }
        return true
    }

    mutating func missing(_ field: FieldNode, on record: Record, bound: BoundArtifact) -> Bool { true }
}
