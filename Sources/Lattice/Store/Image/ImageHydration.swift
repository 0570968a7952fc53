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
    /// The fields answered from the store by their key arguments.
    private let lookups: Lookups
    /// What was read, staged: publish it into the store (`Store.publish`).
    public private(set) var delta = RecordSourceDelta()
    /// The records looked up, by id: what their rows hold and which selections were walked
    /// there, so a cycle or a record reached again is read once and walked once a selection.
    private var entries: [DataID: Entry] = [:]
    /// Storage keys met in rows, interned (`FieldKey`) once a hydration.
    private let keys = RowKeys()
    /// Rows the image could not read back, with why.
    public private(set) var corrupt: [(id: DataID, problem: String)] = []

    /// The records whose rows were looked up. - Complexity: O(1).
    var recordsRead: Dictionary<DataID, Entry>.Keys { entries.keys }

    /// One record looked up: its row's fields (nil when the image has none, it is corrupt or
    /// deleted, or the store knows the record deleted), its type, and the selections walked
    /// at it.
    struct Entry {
        var fields: [(key: FieldKey, state: FieldState)]?
        var type: RecordType
        /// The first selection walked at the record, kept apart: most records are reached
        /// by one selection, and an array would cost each an allocation.
        var walkedFirst: ObjectIdentifier?
        var walkedMore: [ObjectIdentifier] = []

        /// Notes that `selection` is walked here. - Returns: whether it was not yet.
        mutating func walks(_ selection: ObjectIdentifier) -> Bool {
            guard let first = walkedFirst else {
                walkedFirst = selection
                return true
            }
            guard first != selection, !walkedMore.contains(selection) else { return false }
            walkedMore.append(selection)
            return true
        }

        /// The row's state of `key`. - Complexity: O(fields of the row), no hashing.
        func state(of key: FieldKey) -> FieldState? {
            fields?.first { $0.key == key }?.state
        }
    }

    /// A hydration of `store` from `image`; nothing is read until `hydrate(_:root:)`. A field
    /// of `lookups` that no row holds is followed to the records its key arguments name, so a
    /// lookup of a record the image holds is answered at launch as in memory (`LookupAnswers`).
    public init(image: StoreImage, store: Store, lookups: Lookups = .none) {
        self.image = image
        self.store = store
        self.lookups = lookups
    }

    /// Stages what `operation` reaches from `root` in the image and the store lacks, read in
    /// one transaction (`StoreImage.reading`).
    /// - Throws: the database's failure (the caller stops using the image).
    /// - Complexity: O(fields reached), one row read per record reached.
    public mutating func hydrate(_ operation: BoundArtifact, root: DataID = .root) throws(ImageDatabaseError) {
        var hydration = self
        try image.reading { () throws(ImageDatabaseError) in
            hydration.keys.use(image.names)
            try hydration.visit(operation.artifact.selectionSet, at: root, bound: operation)
        }
        self = hydration
    }

    /// The entry of record `id`, its row read (and decoded straight from SQLite's buffer) the
    /// first time. - Complexity: one indexed read the first time; one hash of `id` after.
    private mutating func entry(_ id: DataID, live: Record?) throws(ImageDatabaseError) -> Dictionary<DataID, Entry>.Index {
        if let index = entries.index(forKey: id) { return index }
        let row = try row(of: id, live: live)
        let fields: [(key: FieldKey, state: FieldState)]?
        switch row {
        case .fields(let read): fields = read
        case .deleted:
            // Known deleted, as the store knew it when the row was written: a link to it reads
            // as null, as before the relaunch, not as data the store lacks.
            if live == nil { delta.delete(id) }
            fields = nil
        case .none: fields = nil
        }
        let type: RecordType = if case .scalar(.string(let name))? = fields?.first(where: { $0.key == .typename })?.state.value {
            .known(TypeKey(name))
        } else {
            live?.type ?? .unknown
        }
        entries[id] = Entry(fields: fields, type: type)
        guard let index = entries.index(forKey: id) else { preconditionFailure("an entry just stored is not found") }
        return index
    }

    /// What record `id`'s row holds.
    private enum Row {
        /// Its fields.
        case fields([(key: FieldKey, state: FieldState)])
        /// The record was deleted when the row was written.
        case deleted
    }

    /// Record `id`'s row; nil when the image has none, it does not read back (noted in
    /// `corrupt`), or the store knows the record deleted.
    private mutating func row(of id: DataID, live: Record?) throws(ImageDatabaseError) -> Row? {
        guard live?.type != .nonexistent else { return nil }
        let keys = self.keys
        let read = try image.withRow(of: id) { bytes -> Result<Row?, RecordEncoding.CorruptRow> in
            guard let bytes else { return .success(nil) }
            return Result { () throws(RecordEncoding.CorruptRow) in
                try keys.fields(of: bytes, id: id).map(Row.fields) ?? .deleted
            }
        }
        switch read {
        case .success(let row): return row
        case .failure(let problem):
            corrupt.append((id, problem.description))
            return nil
        }
    }

    /// Whether `selection` is walked at the entry at `index` for the first time (and notes it).
    private mutating func walksFirst(_ selection: ObjectIdentifier, at index: Dictionary<DataID, Entry>.Index) -> Bool {
        entries.values[index].walks(selection)
    }

    private mutating func visit(_ set: ObjectSelection, at id: DataID, bound: BoundArtifact) throws(ImageDatabaseError) {
        let live = store.record(id)
        let index = try entry(id, live: live)
        guard walksFirst(ObjectIdentifier(set), at: index) else { return }
        let entry = entries.values[index]
        guard entry.fields != nil else { return }
        try visitSelections(set, of: entry, id: id, live: live, bound: bound)
    }

    private mutating func visitSelections(_ set: ObjectSelection, of row: Entry, id: DataID, live: Record?,
                                          bound: BoundArtifact) throws(ImageDatabaseError) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let (key, keyPath) = bound.key(of: field)
                let stored = row.state(of: key)
                if let stored, live?.slots[key] == nil { delta.set(stored, for: key, keyPath: keyPath, on: id) }
                guard let child = field.selectionSet else { continue }
                // Followed through the store's value when it has one, else the row's.
                let value = live?.slots[key]?.value.fieldValue ?? stored?.value
                switch value {
                case .link(let target)?:
                    try visit(child, at: target, bound: bound)
                case .links(let targets)?:
                    for case let target? in targets { try visit(child, at: target, bound: bound) }
                case .null?, .scalar?:
                    continue
                case nil:
                    // Never fetched through this field: a lookup's records are read from their
                    // rows, for the check to answer it with (the check judges their type).
                    guard field.connection == nil, lookups.contains(field.name, on: set.typeName) else { continue }
                    for target in LookupAnswers.recordIDs(named: field, returning: child, bound: bound) {
                        try visit(child, at: target, bound: bound)
                    }
                }
            case .inlineFragment(let inline):
                guard inline.condition?.matches(row.type) ?? true else { continue }
                try visitSelections(inline.selectionSet, of: row, id: id, live: live, bound: bound)
            case .spread(let spread):
                // A fragment reached again at the same record is walked once (fan-out); the
                // entry's index is looked up again, as walks since may have grown the table.
                guard spread.condition?.matches(row.type) ?? true, let index = entries.index(forKey: id),
                      walksFirst(ObjectIdentifier(spread.fragment.selectionSet), at: index)
                else { continue }
                try visitSelections(spread.fragment.selectionSet, of: row, id: id, live: live, bound: bound.fragment(spread))
            }
        }
    }
}
