/// A batch of writes staged for one commit, with links as `DataID`s. Nothing in the store
/// changes until `Store.publish` applies it, so a response rejected halfway leaves the store
/// exactly as it was.
public struct RecordSourceDelta: Sendable {
    /// One staged field write.
    struct FieldWrite: Sendable {
        let key: FieldKey
        let keyPath: FieldKeyPath
        var state: FieldState
    }

    /// Staged writes of one record, in write order; a second write of a field replaces the first.
    struct RecordWrites: Sendable {
        /// Past this many fields, a record's writes are found through `positions`; below it, a
        /// scan of a few integer keys costs less than hashing one.
        static let scannedFields = 16

        var writes: [FieldWrite] = []
        /// Where each field's write is, once the record has `scannedFields` of them.
        var positions: [FieldKey: Int]?

        func position(of key: FieldKey) -> Int? {
            if let positions { return positions[key] }
            for (position, write) in writes.enumerated() where write.key == key { return position }
            return nil
        }

        mutating func set(_ write: FieldWrite) {
            if let position = position(of: write.key) {
                writes[position] = write
                return
            }
            writes.append(write)
            if positions != nil {
                positions?[write.key] = writes.count - 1
            } else if writes.count == Self.scannedFields {
                var table: [FieldKey: Int] = [:]
                for (position, write) in writes.enumerated() { table[write.key] = position }
                positions = table
            }
        }
    }

    private(set) var records: [DataID: RecordWrites] = [:]
    /// Record ids in first-write order, so application and notification order is stable.
    private(set) var order: [DataID] = []
    private(set) var deletions: [DataID] = []
    private(set) var invalidations: [DataID] = []
    /// Edits of `@connection` lists (pages to merge, edges to remove), applied after the
    /// writes, in the order staged.
    private(set) var connectionEdits: [ConnectionEdit] = []

    /// An empty delta.
    public init() {}

    /// Whether nothing is staged.
    public var isEmpty: Bool { order.isEmpty && deletions.isEmpty && invalidations.isEmpty && connectionEdits.isEmpty }

    /// Stages a write of `state` to `key` on record `id`, creating the record if needed.
    /// - Complexity: O(1) amortized.
    public mutating func set(_ state: FieldState, for key: FieldKey, on id: DataID) {
        set(state, for: key, keyPath: key.keyPath, on: id)
    }

    mutating func set(_ state: FieldState, for key: FieldKey, keyPath: FieldKeyPath, on id: DataID) {
        // One lookup of the id (a string hash) a write: the record is made in place if new.
        let before = records.count
        records[id, default: RecordWrites()].set(FieldWrite(key: key, keyPath: keyPath, state: state))
        if records.count != before { order.append(id) }
    }

    /// Stages a write of each of `fields` on record `id`, finding the id twice in all, not
    /// once a field (a `DataSnapshot`'s copy of every field of a record).
    /// - Complexity: O(fields) plus two hashes of the id.
    mutating func set(_ fields: [(key: FieldKey, slot: Slot)], on id: DataID) {
        var staged: RecordWrites
        if let writes = records.removeValue(forKey: id) {
            staged = writes
        } else {
            staged = RecordWrites()
            order.append(id)
        }
        for field in fields {
            staged.set(FieldWrite(key: field.key, keyPath: field.key.keyPath,
                                  state: FieldState(value: field.slot.value.fieldValue, errors: field.slot.errors)))
        }
        records[id] = staged
    }

    /// Stages the record `id` so it exists after the commit, even with no field written.
    mutating func touch(_ id: DataID) {
        if records[id] == nil {
            records[id] = RecordWrites()
            order.append(id)
        }
    }

    /// Stages the deletion of `id`: all its fields removed, and the record known not to exist
    /// (`RecordType.nonexistent`): a link to it reads as null, as Relay reads a deleted
    /// record, until a later commit writes it again.
    public mutating func delete(_ id: DataID) {
        deletions.append(id)
    }

    /// Stages a page of a connection, merged after the field writes.
    mutating func merge(_ page: ConnectionPage) {
        touch(page.connection)
        connectionEdits.append(.page(page))
    }

    /// Stages the removal of the edges of `nodes` from the connection record `connection`
    /// (what `@deleteEdge` does); nodes it does not list are ignored.
    /// - Complexity: O(1) amortized; applying it costs the nodes removed when they end the
    ///   list (a page taken back), else the list's edges.
    public mutating func removeEdges(of nodes: [DataID], from connection: DataID) {
        connectionEdits.append(.removeEdges(nodes, from: connection))
    }

    /// Stages the edge records `edges` (their `node` written by then) at the end of the
    /// connection record `connection`, or at its start, skipping a node the list holds (what
    /// `@appendEdge` and `@prependEdge` do); a connection not in the store is left alone.
    /// - Complexity: O(1) amortized; applying it costs the edges at the end, the list's edges
    ///   at the start.
    public mutating func insertEdges(_ edges: [DataID], into connection: DataID, atEnd: Bool) {
        connectionEdits.append(.insertEdges(edges, into: connection, atEnd: atEnd))
    }

    /// Stages the invalidation of `id`: it is stamped with the commit's epoch.
    public mutating func invalidate(_ id: DataID) {
        invalidations.append(id)
    }

    /// The staged state of `key` on `id`, if written. - Complexity: O(1).
    func state(of key: FieldKey, on id: DataID) -> FieldState? {
        guard let writes = records[id], let position = writes.position(of: key) else { return nil }
        return writes.writes[position].state
    }

    /// The staged writes of `id`, for tests and printing.
    func writes(of id: DataID) -> [FieldWrite] { records[id]?.writes ?? [] }
}
