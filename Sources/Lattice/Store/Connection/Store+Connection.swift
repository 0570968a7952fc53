/// The edits of a `@connection` list: a page merged into its connection record, as Relay's
/// connection handler does (one list of edges per connection, one edge per node: a node a
/// later page repeats keeps its place; the `pageInfo` of the directions the page moved), and
/// the edge directives' inserts and removals.
///
/// The merge costs the page's edges, not the edges already merged: the nodes already in the
/// list are a set kept beside the connection (`connectionNodes`), and a page after the end is
/// appended to the list in place.
extension Store {
    /// Applies one staged edit of a connection's list; `false` for a page dropped (`merge`).
    /// `inBase` says whether it is written into the base (a commit), or shown in an optimistic
    /// layer, which every rebase applies again: only a page merged into the base counts in the
    /// connection's pages (`connectionPages`), so a rebase does not count a layer's page twice.
    func apply(_ edit: ConnectionEdit, inBase: Bool = true, willWrite: (Record, FieldKey) -> Void,
               changed: (Record, FieldKey, VerdictChange.Kind?) -> Void) -> Bool {
        switch edit {
        case .page(let page): return merge(page, inBase: inBase, willWrite: willWrite, changed: changed)
        case .removeEdges(let nodes, let connection):
            removeEdges(of: nodes, from: connection, willWrite: willWrite, changed: changed)
            return true
        case .insertEdges(let edges, let connection, let atEnd):
            if let record = source[connection] {
                insertEdges(edges, into: record, atEnd: atEnd, willWrite: willWrite, changed: changed)
            }
            return true
        }
    }

    /// Refuses a response whose page, asked after (or before) a cursor, answers for a list the
    /// store does not hold: its connection's `pageInfo` has no end (or start) cursor, so the
    /// page continues nothing here. It came for another parent record than the list paged (a
    /// `node(id:)` answered with another id), and taken, it would move the parent's link away
    /// from the list while the page itself was dropped. A page whose list is held but ends
    /// elsewhere now (a refetch landed first) is stale, not refused: `merge` drops it.
    /// - Throws: `NormalizeError.pageForAnotherParent` at the connection field's path.
    /// - Complexity: O(connection edits of the delta).
    func checkPages(of delta: RecordSourceDelta) throws(NormalizeError) {
        guard !delta.connectionEdits.isEmpty else { return }
        for case .page(let page) in delta.connectionEdits {
            guard let cursor = page.cursor else { continue }
            let end: FieldKey = page.position.isBefore ? .startCursor : .endCursor
            guard source[page.pageInfo]?.slots[end] == nil else { continue }
            throw .pageForAnotherParent(path: page.path, cursor: cursor, connection: page.connection)
        }
    }

    /// Merges `page`, unless it answers a cursor that is no longer the end (or the start) of
    /// the list: then it is dropped whole and `false` returned. Calls `willWrite` before each
    /// field it may write and `changed` after each it changed, with how a verdict may change.
    /// - Complexity: O(edges of the page) for a page after the end, O(edges of the list) for
    ///   one before the start or in place of the list (and once after any other write of the
    ///   edges, which rebuilds the set of nodes).
    private func merge(_ page: ConnectionPage, inBase: Bool, willWrite: (Record, FieldKey) -> Void,
               changed: (Record, FieldKey, VerdictChange.Kind?) -> Void) -> Bool {
        let connection = source.recordOrCreate(page.connection).record
        let info = source.recordOrCreate(page.pageInfo).record
        switch page.position {
        case .replacing: break
        case .after(let cursor):
            guard info.slots.scalar(.endCursor) == .string(cursor) else { return false }
        case .before(let cursor):
            guard info.slots.scalar(.startCursor) == .string(cursor) else { return false }
        }
        for staged in page.pageInfoWrites where page.position.moves(staged.key) {
            write(Slot(value: stored(staged.state.value), errors: staged.state.errors), to: staged.key, of: info,
                  willWrite: willWrite, changed: changed)
        }
        write(Slot(value: .link(info), errors: nil), to: .pageInfo, of: connection, willWrite: willWrite,
              changed: changed)

        if inBase {
            connectionPages[connection.serial] = page.position == .replacing
                ? 1 : connectionPages[connection.serial, default: 0] + 1
        }
        switch page.position {
        case .replacing:
            var nodes: Set<ObjectIdentifier> = []
            let edges = newEdges(page.edges, besides: &nodes)
            connectionNodes[connection.serial] = nodes
            write(Slot(value: .links(edges), errors: nil), to: .edges, of: connection, willWrite: willWrite,
                  changed: changed)
        case .after, .before:
            insertEdges(page.edges, into: connection, atEnd: !page.position.isBefore,
                        willWrite: willWrite, changed: changed)
        }
        return true
    }

    /// Puts the edge records `ids` at the end of `connection`'s list (or its start), in
    /// place, skipping those whose node the list holds.
    /// - Complexity: O(edges given) at the end, O(edges of the list) at the start.
    private func insertEdges(_ ids: [DataID], into connection: Record, atEnd: Bool, willWrite: (Record, FieldKey) -> Void,
                             changed: (Record, FieldKey, VerdictChange.Kind?) -> Void) {
        var nodes = connectionNodes(of: connection)
        let added = newEdges(ids, besides: &nodes)
        connectionNodes[connection.serial] = nodes
        guard !added.isEmpty else { return }
        willWrite(connection, .edges)
        let grown = connection.slots.modify(.edges) { slot -> Bool in
            guard case .links(var list) = slot.value else { return false }
            slot.value = .null
            if atEnd { list.append(contentsOf: added) } else { list.insert(contentsOf: added, at: 0) }
            slot.value = .links(list)
            return true
        }
        if grown != true { connection.slots[.edges] = Slot(value: .links(added), errors: nil) }
        changed(connection, .edges, .linksChanged)
    }

    /// The edge records of `ids` whose node is not in `nodes` (nor earlier in `ids`), their
    /// nodes added to it; an edge without a node is left out.
    private func newEdges(_ ids: [DataID], besides nodes: inout Set<ObjectIdentifier>) -> [Record?] {
        var edges: [Record?] = []
        edges.reserveCapacity(ids.count)
        for id in ids {
            guard let edge = source[id], case .link(let node)? = edge.slots[.node]?.value,
                  nodes.insert(ObjectIdentifier(node)).inserted else { continue }
            edges.append(edge)
        }
        return edges
    }

    /// Removes the edges of `nodes` from `connectionID`'s list, in place: popped from the end
    /// while they end it (a page taken back), else filtered out.
    /// - Complexity: O(nodes) when they end the list, else O(edges of the list).
    private func removeEdges(of nodes: [DataID], from connectionID: DataID, willWrite: (Record, FieldKey) -> Void,
                             changed: (Record, FieldKey, VerdictChange.Kind?) -> Void) {
        guard let connection = source[connectionID] else { return }
        var listed = connectionNodes(of: connection)
        var doomed: Set<ObjectIdentifier> = []
        for id in nodes {
            if let node = source[id], listed.remove(ObjectIdentifier(node)) != nil { doomed.insert(ObjectIdentifier(node)) }
        }
        connectionNodes[connection.serial] = listed
        guard !doomed.isEmpty else { return }
        func isDoomed(_ edge: Record?) -> Bool {
            guard case .link(let node)? = edge?.slots[.node]?.value else { return false }
            return doomed.contains(ObjectIdentifier(node))
        }
        willWrite(connection, .edges)
        _ = connection.slots.modify(.edges) { slot in
            guard case .links(var list) = slot.value else { return }
            slot.value = .null
            var removed = 0
            while removed < doomed.count, let last = list.last, isDoomed(last) {
                list.removeLast()
                removed += 1
            }
            if removed < doomed.count { list.removeAll(where: isDoomed) }
            slot.value = .links(list)
        }
        changed(connection, .edges, .linksChanged)
    }

    /// The nodes of `connection`'s edges, as the last merge left them, or made again from the
    /// edges when another write (an update, an optimistic layer undone, a deletion) has
    /// forgotten them; the caller puts them back. - Complexity: O(1), or O(edges) when made again.
    private func connectionNodes(of connection: Record) -> Set<ObjectIdentifier> {
        // Taken out, so the caller's insertions do not copy a set the table still holds.
        if let nodes = connectionNodes.removeValue(forKey: connection.serial) { return nodes }
        var nodes: Set<ObjectIdentifier> = []
        if case .links(let edges)? = connection.slots[.edges]?.value {
            for case let edge? in edges {
                if case .link(let node)? = edge.slots[.node]?.value { nodes.insert(ObjectIdentifier(node)) }
            }
        }
        return nodes
    }

    /// Forgets the nodes kept for `record`'s edges: a write other than a merge changed them.
    /// - Complexity: O(1).
    func forgetConnectionNodes(of record: Record) {
        if !connectionNodes.isEmpty { connectionNodes[record.serial] = nil }
    }

    private func write(_ slot: Slot, to key: FieldKey, of record: Record, willWrite: (Record, FieldKey) -> Void,
                       changed: (Record, FieldKey, VerdictChange.Kind?) -> Void) {
        let old = record.slots[key]
        guard old != slot else { return }
        willWrite(record, key)
        record.slots[key] = slot
        record.noteType(from: key, slot.value)
        changed(record, key, Store.verdictChange(from: old, to: slot))
    }
}

extension ConnectionPage.Position {
    /// Whether the page goes before the start.
    var isBefore: Bool {
        if case .before = self { return true }
        return false
    }

    /// Whether a page here writes `key` of the `pageInfo`: a page after the end moves the
    /// end (`endCursor`, `hasNextPage`), one before the start the start, one in place both.
    func moves(_ key: FieldKey) -> Bool {
        switch self {
        case .replacing: true
        case .after: key != .startCursor && key != .hasPreviousPage
        case .before: key != .endCursor && key != .hasNextPage
        }
    }
}
