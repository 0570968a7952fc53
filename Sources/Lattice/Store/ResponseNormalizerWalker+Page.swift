/// The walk of a `@connection` page: its `edges` and `pageInfo` staged for the merge
/// (`ConnectionPage`), its edges named from their nodes, and a page that says there is more
/// with no cursor to ask from refused.
extension ResponseNormalizerWalker {
    /// Refuses a page whose `pageInfo` says there is more in a direction the field pages in
    /// and the page moves (`hasNextPage` true) with no cursor to ask for it from (`endCursor`
    /// null): a pager would say there is more and load nothing, and a `while hasNext` loop
    /// would spin.
    func checkCursors(of page: ConnectionPage, connection: ConnectionField) throws(NormalizeError) {
        let directions: [(flag: FieldKey, cursor: FieldKey, paged: Bool)] = [
            (.hasNextPage, .endCursor, connection.after != nil),
            (.hasPreviousPage, .startCursor, connection.before != nil),
        ]
        for direction in directions where direction.paged && page.position.moves(direction.flag) {
            let flag = page.pageInfoWrites.first { $0.key == direction.flag }?.state.value
            let cursor = page.pageInfoWrites.first { $0.key == direction.cursor }?.state.value
            guard flag == .scalar(.bool(true)), cursor == .null else { continue }
            throw .pageWithoutCursor(path: "\(page.path).pageInfo.\(direction.cursor.storageKey)",
                                     flag: direction.flag.storageKey)
        }
    }

    /// Stages `field` when it is the `edges` or `pageInfo` of the page being walked; `false`
    /// for any other field, which is written as usual.
    mutating func stagedInPage(_ field: FieldNode, _ value: JSONValue, of id: DataID, bound: BoundArtifact,
                                       trie node: ErrorTrie.Node?) throws(NormalizeError) -> Bool {
        guard page?.connection == id, field.responseKey == field.name, let set = field.selectionSet else { return false }
        switch field.name {
        case "edges": try stageEdges(value, set: set, bound: bound, trie: node)
        case "pageInfo": try stagePageInfo(value, set: set, bound: bound, trie: node)
        default: return false
        }
        return true
    }

    /// Writes each edge of the page being walked under an id made from its node's (its
    /// cursor's, for a node without an id), and stages the edges in the page's order.
    mutating func stageEdges(_ value: JSONValue, set: ObjectSelection, bound: BoundArtifact,
                                     trie node: ErrorTrie.Node?) throws(NormalizeError) {
        guard let connection = page?.connection else { return }
        let items: [JSONValue]
        switch value {
        case .null: items = []
        case .array(let list): items = list
        case .bool, .int, .double, .string, .object:
            throw .expectedList(path: pathText, found: value.kindDescription)
        }
        var edges: [DataID] = []
        edges.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            guard case .object(let edge) = item else {
                if item == .null { continue }
                throw .expectedObject(path: pathText, found: item.kindDescription)
            }
            edges.append(try normalizeObject(edge, set: set, parent: connection, key: .edges, index: index,
                                             bound: bound, trie: node?.child(.index(index)),
                                             id: try edgeID(of: edge, set: set, in: connection)).id)
        }
        page?.edges = edges
    }

    /// The id of a page's edge in `connection` (`set` its edges' selection): made from its
    /// node's record ID, its key's (its cursor's, for a node without one).
    func edgeID(of edge: [String: JSONValue], set: ObjectSelection, in connection: DataID) throws(NormalizeError) -> DataID {
        guard case .string(let cursor)? = edge["cursor"] else { throw .edgeWithoutCursor(path: pathText) }
        let identity: String
        switch edge["node"] {
        case .object(let node)?:
            if let keys = Self.nodeSelection(in: set)?.recordKeys {
                identity = Self.keyedIdentity(of: node, keys: keys) ?? "cursor:" + cursor
            } else if case .string(let raw)? = node["id"] { identity = raw }
            else if case .int(let raw)? = node["id"] { identity = String(raw) }
            else { identity = "cursor:" + cursor }
        default: identity = "cursor:" + cursor
        }
        return ConnectionPage.edgeID(of: DataID(identity), in: connection)
    }

    /// The selection of the `node` field of an edge's selection `set`.
    private static func nodeSelection(in set: ObjectSelection) -> ObjectSelection? {
        for case .field(let field) in set.selections where field.responseKey == "node" { return field.selectionSet }
        return nil
    }

    /// The record ID of `node` by its type's key in `keys`, `nil` for an unkeyed type or key
    /// values that key nothing (the normalizer refuses those at the node).
    private static func keyedIdentity(of node: [String: JSONValue], keys: SelectionKeys) -> String? {
        let key: RecordKey?
        if keys.keys.count == 1 {
            key = keys.keys[0].key
        } else if case .string(let name)? = node["__typename"], let type = TypeKey(existing: name) {
            key = keys.key(of: type)
        } else {
            key = nil
        }
        guard let key, case .id(let id) = key.recordID(in: node) else { return nil }
        return id.rawValue
    }

    /// Stages the page's `pageInfo` fields: normalized as any object's, kept aside for the
    /// merge, which writes those of the page's direction.
    mutating func stagePageInfo(_ value: JSONValue, set: ObjectSelection, bound: BoundArtifact,
                                        trie node: ErrorTrie.Node?) throws(NormalizeError) {
        guard let current = page else { return }
        guard case .object(let info) = value else {
            if value == .null { throw .pageWithoutPageInfo(path: pathText) }
            throw .expectedObject(path: pathText, found: value.kindDescription)
        }
        let outside = delta
        delta = RecordSourceDelta()
        try normalizeObject(info, set: set, parent: current.connection, key: .pageInfo, index: nil,
                                bound: bound, trie: node, id: current.pageInfo)
        page?.pageInfoWrites = delta.writes(of: current.pageInfo)
        delta = outside
    }
}
