/// Reads from the image the records an operation's selection reaches that the store lacks
/// (hydration), so a screen of the last launch shows in its first body, before the network
/// answers. Only the rows the selection reaches are read, each once, and only the fields the
/// store does not hold are written: data of this launch is never overwritten by an older row.
///
/// An environment hydrates at attach; public for the lab's benchmarks.
@MainActor
public struct ImageHydration {
    private let image: StoreImage
    private let store: Store
    /// What was read, staged: publish it into the store (`Store.publish`).
    public private(set) var delta = RecordSourceDelta()
    /// Rows read, by id (nil: the image has none, or it is corrupt).
    private var rows: [DataID: RecordEncoding.Decoded?] = [:]
    /// The selections walked at each record, so a cycle is walked once.
    private var walked: Set<Walked> = []
    /// Rows the image could not read back, with why.
    public private(set) var corrupt: [(id: DataID, problem: String)] = []

    /// The records whose rows were looked up. - Complexity: O(1).
    var recordsRead: Dictionary<DataID, RecordEncoding.Decoded?>.Keys { rows.keys }

    private struct Walked: Hashable {
        let id: DataID
        let selection: ObjectIdentifier
    }

    /// A hydration of `store` from `image`; nothing is read until `hydrate(_:root:)`.
    public init(image: StoreImage, store: Store) {
        self.image = image
        self.store = store
    }

    /// Stages what `operation` reaches from `root` in the image and the store lacks, read in
    /// one transaction (`StoreImage.reading`).
    /// - Throws: the database's failure (the caller stops using the image).
    /// - Complexity: O(fields reached), one row read per record reached.
    public mutating func hydrate(_ operation: BoundArtifact, root: DataID = .root) throws(ImageDatabaseError) {
        var hydration = self
        try image.reading { () throws(ImageDatabaseError) in
            try hydration.visit(operation.artifact.selectionSet, at: root, bound: operation)
        }
        self = hydration
    }

    private mutating func row(_ id: DataID) throws(ImageDatabaseError) -> RecordEncoding.Decoded? {
        if let known = rows[id] { return known }
        var decoded: RecordEncoding.Decoded?
        if let bytes = try image.row(of: id) {
            do throws(RecordEncoding.CorruptRow) {
                decoded = try RecordEncoding.decode(bytes)
            } catch {
                corrupt.append((id, error.description))
            }
        }
        rows[id] = decoded
        return decoded
    }

    private mutating func visit(_ set: ObjectSelection, at id: DataID, bound: BoundArtifact) throws(ImageDatabaseError) {
        guard walked.insert(Walked(id: id, selection: ObjectIdentifier(set))).inserted else { return }
        let live = store.record(id)
        guard live?.type != .nonexistent, let row = try row(id), !row.isDeleted else { return }
        let type: RecordType = if case .scalar(.string(let name))? = row.fields[FieldKey.typename.storageKey]?.value {
            .known(TypeKey(name))
        } else {
            live?.type ?? .unknown
        }
        try visitSelections(set, of: row, at: id, live: live, type: type, bound: bound)
    }

    private mutating func visitSelections(_ set: ObjectSelection, of row: RecordEncoding.Decoded, at id: DataID,
                                          live: Record?, type: RecordType, bound: BoundArtifact) throws(ImageDatabaseError) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let key = bound.fieldKey(of: field)
                let stored = row.fields[key.storageKey]
                if let stored, live?.slots[key] == nil { delta.set(stored, for: key, on: id) }
                guard let child = field.selectionSet else { continue }
                // Followed through the store's value when it has one, else the row's.
                let value = live?.slots[key]?.value.fieldValue ?? stored?.value
                switch value {
                case .link(let target)?:
                    try visit(child, at: target, bound: bound)
                case .links(let targets)?:
                    for case let target? in targets { try visit(child, at: target, bound: bound) }
                case .null?, .scalar?, nil:
                    continue
                }
            case .inlineFragment(let inline):
                guard inline.condition?.matches(type) ?? true else { continue }
                try visitSelections(inline.selectionSet, of: row, at: id, live: live, type: type, bound: bound)
            case .spread(let spread):
                // A fragment reached again at the same record is walked once (fan-out).
                guard spread.condition?.matches(type) ?? true,
                      walked.insert(Walked(id: id, selection: ObjectIdentifier(spread.fragment.selectionSet))).inserted
                else { continue }
                try visitSelections(spread.fragment.selectionSet, of: row, at: id, live: live, type: type,
                                    bound: bound.fragment(spread))
            }
        }
    }
}
