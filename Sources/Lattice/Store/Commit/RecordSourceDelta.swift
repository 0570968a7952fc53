/// A batch of writes staged for one commit, with links as `DataID`s. Nothing in the store
/// changes until `Store.publish` applies it, so a response rejected halfway leaves the store
/// exactly as it was.
public struct RecordSourceDelta: Sendable {
    /// One staged field write.
    struct FieldWrite: Sendable {
        let key: FieldKey
        let keyPath: FieldKeyPath
        var state: FieldState
        /// Where what it links is staged in the same delta, when its writer knew: for a link,
        /// the linked record's position; for a list of links, where its items' positions start
        /// in `linkTargets`. -1 when not known: the commit finds the records by id.
        var targets = -1
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

        /// Stages `write`, taken over: no copy of its value.
        mutating func set(_ write: consuming FieldWrite) {
            let key = write.key
            if let position = position(of: key) {
                writes[position] = write
                return
            }
            writes.append(write)
            if positions != nil {
                positions?[key] = writes.count - 1
            } else if writes.count == Self.scannedFields {
                var table: [FieldKey: Int] = [:]
                for (position, write) in writes.enumerated() { table[write.key] = position }
                positions = table
            }
        }
    }

    /// Where each record's writes are in `staged` (and its id in `order`).
    private var positions: [DataID: Int] = [:]
    /// Each record's writes, in the order of `order`: a commit walks them without hashing an id.
    private(set) var staged: [RecordWrites] = []
    /// Record ids in first-write order, so application and notification order is stable.
    private(set) var order: [DataID] = []
    /// The positions of the records lists of links name, a list's items in a row (-1 for a
    /// null item or a record not staged here): `FieldWrite.targets` says where a list's start.
    private(set) var linkTargets: [Int] = []
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
        set(state, for: key, keyPath: keyPath, at: stage(id))
    }

    /// Stages a write to the record at `position` (what `stage` answered for it): no lookup of
    /// its id. - Complexity: O(1) amortized.
    mutating func set(_ state: FieldState, for key: FieldKey, keyPath: FieldKeyPath, at position: Int,
                      targets: Int = -1) {
        staged[position].set(FieldWrite(key: key, keyPath: keyPath, state: state, targets: targets))
    }

    /// Stages the positions of the records a list of links names, in the list's order (-1 for
    /// a null item or a record not staged here), for its write's `targets`.
    /// - Returns: where they start in `linkTargets`. - Complexity: O(positions) amortized.
    mutating func stageTargets(_ positions: ArraySlice<Int>) -> Int {
        let start = linkTargets.count
        linkTargets.append(contentsOf: positions)
        return start
    }

    /// Stages a write of each of `fields` on record `id`, finding the id once in all, not
    /// once a field (a `DataSnapshot`'s copy of every field of a record).
    /// - Complexity: O(fields) plus one hash of the id.
    mutating func set(_ fields: [(key: FieldKey, slot: Slot)], on id: DataID) {
        let position = stage(id, fields: fields.count)
        for field in fields {
            set(FieldState(value: field.slot.value.fieldValue, errors: field.slot.errors),
                for: field.key, keyPath: field.key.keyPath, at: position)
        }
    }

    /// Stages the record `id` so it exists after the commit, even with no field written.
    mutating func touch(_ id: DataID) {
        stage(id)
    }

    /// The position of `id`'s writes in `staged`, made empty if new (with room for `fields`
    /// writes): one lookup of the id (a string hash), which inserts it when absent. A walk
    /// writing an object's fields stages it once and writes at the position.
    @discardableResult
    mutating func stage(_ id: DataID, fields: Int = 0) -> Int {
        let position = Self.read(&positions[id, default: staged.count])
        if position == staged.count {
            var writes = RecordWrites()
            writes.writes.reserveCapacity(fields)
            staged.append(writes)
            order.append(id)
        }
        return position
    }

    /// `value`, read through an `inout` access: a dictionary's `default:` subscript then
    /// inserts the default it was given, in the same lookup.
    @inline(__always)
    private static func read(_ value: inout Int) -> Int { value }

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
        guard let record = positions[id], let position = staged[record].position(of: key) else { return nil }
        return staged[record].writes[position].state
    }

    /// The staged writes of `id`. - Complexity: O(1) (one string hash).
    func writes(of id: DataID) -> [FieldWrite] { positions[id].map { staged[$0].writes } ?? [] }
}
