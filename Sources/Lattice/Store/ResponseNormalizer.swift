/// Turns a response into staged record writes, walking the data, the operation's selection
/// (spreads included: the store holds every fragment's fields) and the error trie together.
///
/// Strict: every selected field must be in the response, the `id` and `__typename` the
/// compiler added included (the runtime sends them, `Artifact.requestText`, so a server that
/// answers the sent document has them). A response without one is refused with its path,
/// where Relay's normalizer warns and leaves the field missing (docs/decisions/0003).
///
/// Nothing is written to the store: the result is a `RecordSourceDelta` that `Store.publish`
/// applies, so a response that does not fit is rejected with the store untouched.
@MainActor
public enum ResponseNormalizer {
    /// The staged writes of one response and the errors no field holds.
    public struct Result: Sendable {
        /// The writes, ready for `Store.publish`.
        public let delta: RecordSourceDelta
        /// Errors whose path leads to no field the response wrote.
        public let unplacedErrors: [GraphQLError]
    }

    /// Normalizes `response` for `operation` into writes rooted at `root`; with `landing`
    /// (where a later payload of an incremental response landed in it), only those places,
    /// with the payload's errors: the object a deferred fragment went into, in full (the
    /// fragment is read against the merged object), or the list a stream's items went onto
    /// (its earlier items only named, for the list's links). Nothing on the way down to a
    /// place is written: it is the earlier payloads', which the store holds.
    /// - Throws: `NormalizeError` naming the path where the response does not fit.
    /// - Complexity: O(response nodes + total error path length); with `landing`, O(nodes at
    ///   its places + their depth + the earlier items of a streamed list + errors).
    public static func normalize(_ response: GraphQLResponse, for operation: BoundArtifact, root: DataID = .root,
                                 landing: IncrementalResponse.Landing? = nil) throws(NormalizeError) -> Result {
        let data: [String: JSONValue]
        switch response.data {
        case .object(let object)?: data = object
        case nil, .null?: throw .noData(errors: response.errors ?? [])
        case let other?: throw .dataNotAnObject(found: other.kindDescription)
        }
        var walker = ResponseNormalizerWalker(trie: ErrorTrie(landing?.errors ?? response.errors ?? []),
                            spreads: SpreadMemo(for: operation.artifact))
        for place in landing?.places ?? [IncrementalResponse.Landing.Place(path: [])] {
            // A fresh memo per place: a spread taken on the way to one place leads to others.
            walker.spreads = SpreadMemo(for: operation.artifact)
            walker.focus = place.path.isEmpty ? nil : ResponseNormalizerWalker.Focus(path: place.path[...], firstItem: place.firstItem)
            let record = walker.focus == nil ? walker.delta.stage(root) : nil
            try walker.normalize(data, set: operation.artifact.selectionSet, id: root, record: record,
                                 type: .unknown, bound: operation, trie: walker.trie.root)
        }
        return Result(delta: walker.delta, unplacedErrors: walker.trie.unplaced)
    }
}

/// The traversal state of one normalization (`ResponseNormalizer.normalize`); its walk of a
/// `@connection` page is in `ResponseNormalizerWalker+Page.swift`.
@MainActor
struct ResponseNormalizerWalker {
    /// The rest of the way to the one place a focused walk writes (`landing`), from the
    /// object being walked: only the fields on it are walked, and none written.
    struct Focus: Equatable {
        var path: ArraySlice<GraphQLError.PathElement>
        /// A stream's first new item, when the place is its list.
        var firstItem: Int?
    }

    var trie: ErrorTrie
    /// `nil` walks everything: the whole response, or the place a focused walk reached.
    var focus: Focus?
    var delta = RecordSourceDelta()
    var path: [GraphQLError.PathElement] = []
    /// A spread is walked once per record and error subtree: an object of the record met
    /// again (a fragment spread twice, an object reached through two fragments) gives the
    /// same writes, unless errors sit under it.
    var spreads: SpreadMemo<WalkedPlace>
    /// The page of the `@connection` field being walked, if any: its `edges` and `pageInfo`
    /// are staged for merging, not written.
    var page: ConnectionPage?
    /// The delta positions of the items of the lists of links being walked, innermost last
    /// (`RecordSourceDelta.stageTargets`): one buffer for every list.
    var targets: [Int] = []

    /// Where a spread was walked: the record, and the errors under the object written there.
    struct WalkedPlace: Hashable {
        let record: DataID
        let errors: ObjectIdentifier?
    }

    init(trie: ErrorTrie, spreads: SpreadMemo<WalkedPlace>) {
        self.trie = trie
        self.spreads = spreads
    }

    var pathText: String { path.isEmpty ? "data" : path.map(\.description).joined(separator: ".") }

    /// Walks `set` over `object`, written to the record `id`, staged at `record` in the delta
    /// (`nil` on the way to a focused walk's place, where nothing of it is written).
    mutating func normalize(_ object: [String: JSONValue], set: ObjectSelection, id: DataID, record: Int?,
                            type: RecordType, bound: BoundArtifact,
                            trie node: ErrorTrie.Node?) throws(NormalizeError) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                // An added `__typename` is required and written by `normalizeObject`, which
                // types the object by it; a client-only field is in no response.
                if field.normalizerSkips { continue }
                if let focus {
                    guard focus.path.first == .key(field.responseKey) else { continue }
                    try walk(toward: focus, through: field, of: object, on: id, bound: bound, trie: node)
                    continue
                }
                try write(field, of: object, to: id, at: record, bound: bound, trie: node)
                // After the write, not in it: a call there cost Dashboard's normalization 3 %
                // more instructions (callgrind), with no field using it.
                if field.hasEdgeEdit { stageEdgeEdit(of: field, on: id, bound: bound) }
            case .inlineFragment(let inline):
                guard inline.condition?.matches(type) ?? true,
                      inline.deferral == nil || inline.selectionSet.hasArrived(in: object) else { continue }
                try normalize(object, set: inline.selectionSet, id: id, record: record, type: type,
                              bound: bound, trie: node)
            case .spread(let spread):
                guard spread.condition?.matches(type) ?? true,
                      spread.deferral == nil || spread.fragment.selectionSet.hasArrived(in: object),
                      spreads.firstVisit(of: spread.fragment,
                                         at: WalkedPlace(record: id, errors: node.map(ObjectIdentifier.init)))
                else { continue }
                try normalize(object, set: spread.fragment.selectionSet, id: id, record: record, type: type,
                              bound: bound.fragment(spread), trie: node)
            }
        }
    }

    /// Walks `field` on the way to `focus`'s place, writing nothing on the way: on to the
    /// object or list item the path names next, which is the place (walked in full) or on
    /// the way. The place's own link is not written again: the earlier payload wrote it, to
    /// the same id. A stream's list, or a place inside a page other than an edge's object
    /// (the page itself, its `pageInfo`), is written in full from its field.
    private mutating func walk(toward focus: Focus, through field: FieldNode, of object: [String: JSONValue],
                               on id: DataID, bound: BoundArtifact, trie node: ErrorTrie.Node?) throws(NormalizeError) {
        var rest = focus.path.dropFirst()
        defer { self.focus = focus }
        let pageWalkedWhole = field.connection != nil && (rest.count < 3 || rest.first != .key("edges"))
        if (rest.isEmpty && focus.firstItem != nil) || pageWalkedWhole {
            self.focus = nil
            try write(field, of: object, to: id, at: nil, bound: bound, trie: node, from: focus.firstItem)
            return
        }
        path.append(.key(field.responseKey))
        defer { path.removeLast() }
        guard let value = object[field.responseKey] else { throw .missingField(path: pathText) }
        var fieldNode = node?.child(.key(field.responseKey))
        let key = bound.key(of: field).0
        var index: Int?
        let child: [String: JSONValue]
        let set: ObjectSelection
        switch (field.kind, value) {
        case (.linked(let linked), .object(let object)):
            (set, child) = (linked, object)
        case (.linkedList(let linked, _), .array(let items)):
            guard case .index(let at)? = rest.first, items.indices.contains(at),
                  case .object(let object) = items[at] else { return }
            rest = rest.dropFirst()
            path.append(.index(at))
            (set, child, index, fieldNode) = (linked, object, at, fieldNode?.child(.index(at)))
        default:
            // Nothing of the selection there: the merge placed the part, and what the
            // selection does not ask for is not written.
            return
        }
        defer { if index != nil { path.removeLast() } }
        self.focus = rest.isEmpty ? nil : Focus(path: rest, firstItem: focus.firstItem)
        if let connection = field.connection {
            _ = try normalizeConnection(child, set: set, connection: connection, parent: id, key: key,
                                        bound: bound, trie: fieldNode)
        } else {
            // An edge of the page walked toward one of its edges is named as `stageEdges` names it.
            let edge: DataID? = if index != nil, page?.connection == id, field.name == "edges",
                                   field.responseKey == field.name { try edgeID(of: child, set: set, in: id) } else { nil }
            _ = try normalizeObject(child, set: set, parent: id, key: key, index: index, bound: bound,
                                    trie: fieldNode, id: edge)
        }
    }

    /// Writes `field` of `object` to the record `id`, staged at `record` (`nil`: staged here).
    private mutating func write(_ field: FieldNode, of object: [String: JSONValue],
                                to id: DataID, at record: Int?, bound: BoundArtifact,
                                trie node: ErrorTrie.Node?, from firstItem: Int? = nil) throws(NormalizeError) {
        path.append(.key(field.responseKey))
        defer { path.removeLast() }
        guard let value = object[field.responseKey] else { throw .missingField(path: pathText) }
        let (key, keyPath) = bound.key(of: field)
        let fieldNode = node?.child(.key(field.responseKey))
        // `!= nil` first: binding the page would copy it on every field of every response.
        if page != nil, try stagedInPage(field, value, of: id, bound: bound, trie: fieldNode) { return }
        // `if let`, not `Optional.map`: a main-actor closure checks its executor on each call.
        if case .null = value {
            var errors: [GraphQLError]?
            if let fieldNode { errors = trie.take(fieldNode) }
            delta.set(FieldState(value: .null, errors: errors), for: key, keyPath: keyPath, at: record ?? delta.stage(id))
            return
        }
        switch field.kind {
        case .scalar(let leaf):
            let value = try checked(value, fits: field.type, leaf: leaf)
            var errors: [GraphQLError]?
            if let fieldNode { errors = nullItemErrors(in: value, under: fieldNode) }
            delta.set(FieldState(value: .scalar(value), errors: errors), for: key,
                      keyPath: keyPath, at: record ?? delta.stage(id))
        case .linked(let set):
            guard case .object(let child) = value else {
                if case .array = value { throw .unexpectedList(path: pathText) }
                throw .expectedObject(path: pathText, found: value.kindDescription)
            }
            let linked = if let connection = field.connection {
                try normalizeConnection(child, set: set, connection: connection, parent: id, key: key,
                                        bound: bound, trie: fieldNode)
            } else {
                try normalizeObject(child, set: set, parent: id, key: key, index: nil, bound: bound, trie: fieldNode)
            }
            delta.set(FieldState(value: .link(linked.id)), for: key, keyPath: keyPath, at: record ?? delta.stage(id),
                      targets: linked.record ?? -1)
        case .linkedList(let set, _):
            guard case .array(let items) = value else {
                throw .expectedList(path: pathText, found: value.kindDescription)
            }
            var links: [DataID?] = []
            links.reserveCapacity(items.count)
            // The items' positions in the delta, above those of the lists being walked outside.
            let firstTarget = targets.count
            defer { targets.removeSubrange(firstTarget...) }
            var errors: [GraphQLError]?
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                defer { path.removeLast() }
                let itemNode = fieldNode?.child(.index(index))
                switch item {
                case .null:
                    links.append(nil)
                    targets.append(-1)
                    if let itemNode { errors = (errors ?? []) + trie.take(itemNode) }
                case .object(let child) where index < firstItem ?? 0:
                    // A streamed list's item an earlier payload wrote: only named, for the links.
                    links.append(try identity(of: child, set: set, parent: id, key: key, index: index).id)
                    targets.append(-1)
                case .object(let child):
                    let item = try normalizeObject(child, set: set, parent: id, key: key,
                                                   index: index, bound: bound, trie: itemNode)
                    links.append(item.id)
                    targets.append(item.record ?? -1)
                case .bool, .int, .double, .string, .array:
                    throw .expectedObject(path: pathText, found: item.kindDescription)
                }
            }
            let position = record ?? delta.stage(id)
            delta.set(FieldState(value: .links(links), errors: errors), for: key,
                      keyPath: keyPath, at: position, targets: delta.stageTargets(targets[firstTarget...]))
        }
    }

    /// Stages what `field`'s edge directive does with the records it answered on `record`
    /// (edges, nodes, or ids to delete), for each connection its `connections` name.
    private mutating func stageEdgeEdit(of field: FieldNode, on record: DataID, bound: BoundArtifact) {
        guard let edit = field.edgeEdit else { return }
        let ids: [DataID]
        switch delta.state(of: bound.fieldKey(of: field), on: record)?.value {
        case .scalar(let value)?: ids = Self.ids(in: value)
        case .link(let id)?: ids = [id]
        case .links(let links)?: ids = links.compactMap { $0 }
        case .null?, nil: return
        }
        var connections: [DataID] = []
        switch edit.connections?.resolve(bound.variables) {
        case .array(let items)?: connections = Self.ids(in: .array(items))
        case .string(let raw)?: connections = [DataID(raw)]
        default: break
        }
        switch edit.kind {
        case .deleteRecord:
            for id in ids { delta.delete(id) }
        case .deleteEdge:
            for connection in connections { delta.removeEdges(of: ids, from: connection) }
        case .insertEdge(let atEnd):
            for connection in connections {
                // Copied into the connection's own edge of the node, as a page's edge is kept:
                // the answer's edge record sits where the mutation's field is, and the next
                // answer there would move it.
                var edges: [DataID] = []
                for edge in ids {
                    guard case .link(let node)? = delta.state(of: .node, on: edge)?.value else { continue }
                    let copy = ConnectionPage.edgeID(of: node, in: connection)
                    for write in delta.writes(of: edge) {
                        delta.set(write.state, for: write.key, keyPath: write.keyPath, on: copy)
                    }
                    edges.append(copy)
                }
                delta.insertEdges(edges, into: connection, atEnd: atEnd)
            }
        case .insertNode(let atEnd, let edgeTypeName):
            for connection in connections {
                var edges: [DataID] = []
                for node in ids {
                    // A new edge of the node, keyed as a page's edge of it is, without a cursor.
                    let edge = ConnectionPage.edgeID(of: node, in: connection)
                    delta.set(FieldState(value: .scalar(.string(edgeTypeName))), for: .typename, on: edge)
                    delta.set(FieldState(value: .link(node)), for: .node, on: edge)
                    delta.set(FieldState(value: .null), for: .cursor, on: edge)
                    edges.append(edge)
                }
                delta.insertEdges(edges, into: connection, atEnd: atEnd)
            }
        }
    }

    /// The ids in an `ID` value or a list of them (nulls skipped).
    private static func ids(in value: JSONValue) -> [DataID] {
        switch value {
        case .string(let raw): [DataID(raw)]
        case .int(let raw): [DataID(String(raw))]
        case .array(let items): items.flatMap(ids(in:))
        case .null, .bool, .double, .object: []
        }
    }

    /// Stages one object: its type, its id (the server's for an identified type, else a
    /// client id from where it sits), then its selections.
    /// - Returns: its record's id, and its position in the delta (`nil` on the way to a
    ///   focused walk's place, where it is not written).
    @discardableResult
    mutating func normalizeObject(
        _ object: [String: JSONValue], set: ObjectSelection, parent: DataID, key: FieldKey,
        index: Int?, bound: BoundArtifact, trie node: ErrorTrie.Node?, id given: DataID? = nil
    ) throws(NormalizeError) -> (id: DataID, record: Int?) {
        let (type, typename, id) = try identity(of: object, set: set, parent: parent, key: key, index: index, given: given)
        // Not on the way to a focused walk's place: the earlier payload wrote it.
        var record: Int?
        if focus == nil {
            let position = delta.stage(id, fields: set.selections.count + 1)
            delta.set(FieldState(value: .scalar(.string(typename))), for: .typename,
                      keyPath: Self.typenameKeyPath, at: position)
            record = position
        }
        try normalize(object, set: set, id: id, record: record, type: .known(type), bound: bound, trie: node)
        return (id, record)
    }

    /// The key path a write of `__typename` is observed under, read once: the table's is
    /// behind a lock.
    private static let typenameKeyPath = FieldKeyTable.shared.keyPath(of: .typename)

    /// An object's concrete type (its key and its name) and record id: the server's for an
    /// identified type, else a client id from where it sits (unless `given`).
    private func identity(of object: [String: JSONValue], set: ObjectSelection, parent: DataID, key: FieldKey,
                          index: Int?, given: DataID? = nil)
        throws(NormalizeError) -> (type: TypeKey, typename: String, id: DataID) {
        let (type, typename) = try self.type(of: object, set: set)
        if let given { return (type, typename, given) }
        if set.identifiedTypes?.admits(type) ?? false {
            if let keys = set.recordKeys, let key = keys.key(of: type) {
                return (type, typename, try keyedID(of: object, key: key))
            }
            return (type, typename, try serverID(of: object))
        }
        // A type without a key has no identity of its own: its record is the one at
        // this place, the same for every response that reaches it.
        return (type, typename, DataID.client(parent: parent, storageKey: key.storageKey, index: index))
    }

    /// Stages one page of a `@connection` field: its record is the connection's (one per key
    /// and filter values, whatever page this is), its other fields written as any object's,
    /// its `edges` and `pageInfo` staged for the merge (`ConnectionPage`).
    private mutating func normalizeConnection(
        _ object: [String: JSONValue], set: ObjectSelection, connection: ConnectionField, parent: DataID,
        key: FieldKey, bound: BoundArtifact, trie node: ErrorTrie.Node?
    ) throws(NormalizeError) -> (id: DataID, record: Int?) {
        let id = DataID.client(parent: parent, storageKey: key.storageKey)
        let outer = page
        page = ConnectionPage(connection: id, position: connection.position(under: bound.variables), path: pathText)
        let record = try normalizeObject(object, set: set, parent: parent, key: key, index: nil, bound: bound,
                                         trie: node, id: id).record
        // A walk toward one of its edges staged none of the others: the page is not merged.
        if let page, focus == nil {
            try checkCursors(of: page, connection: connection)
            delta.merge(page)
        }
        page = outer
        return (id, record)
    }

    /// The `id` of an object of an identified type (selected by the document or added by
    /// the compiler, so it must be there).
    private func serverID(of object: [String: JSONValue]) throws(NormalizeError) -> DataID {
        switch object["id"] {
        case .string(let raw)?:
            // The client namespace is the store's own (the root, unidentified objects): a
            // server id there would overwrite one of those records.
            if DataID(raw).isClient { throw .clientID(path: pathText, id: raw) }
            return DataID(raw)
        case .int(let raw)?:
            return DataID(String(raw))
        case nil:
            throw .missingField(path: pathText + ".id")
        case .null?, .bool?, .double?, .array?, .object?:
            throw .missingID(path: pathText)
        }
    }

    /// The record ID of an object of a type with a configured key (`RecordKey.recordID`), its
    /// key fields selected by the document or added by the compiler, so they must be there.
    func keyedID(of object: [String: JSONValue], key: RecordKey) throws(NormalizeError) -> DataID {
        switch key.recordID(in: object) {
        case .id(let id):
            // The client namespace is the store's own, as for a server `id`.
            if id.isClient { throw .clientID(path: pathText, id: id.rawValue) }
            return id
        case .missing(let field): throw .missingField(path: pathText + "." + field)
        case .unusable: throw .missingID(path: pathText)
        }
    }

    /// The object's concrete type: the field's type when it is an object type, else the
    /// `__typename` the server sent (the compiler added it to every interface and union
    /// selection), which must name one of the field's possible types. A `__typename` the
    /// document selected on an object type is checked against it too.
    private func type(of object: [String: JSONValue], set: ObjectSelection) throws(NormalizeError) -> (TypeKey, String) {
        switch object["__typename"] {
        case .string(let name)?:
            // An object type's own name, the usual answer, is known without a lookup.
            if let concrete = set.concreteType, name == set.concreteTypename { return (concrete, name) }
            // Every possible type was interned when the document compiled; a name that was
            // not is none of them, and is not interned (the table is the process's, forever).
            guard let key = TypeKey(existing: name), set.typenames.admits(key) else {
                throw .impossibleTypename(path: pathText, typename: name, type: set.typeName)
            }
            return (key, name)
        case let other?:
            throw .scalarMismatch(path: pathText + ".__typename", expected: "String", found: other.kindDescription)
        case nil:
            guard let concrete = set.concreteType, let name = set.concreteTypename else {
                throw .missingField(path: pathText + ".__typename")
            }
            return (concrete, name)
        }
    }

    /// Errors under the null items of a scalar list (placed at the list field).
    private mutating func nullItemErrors(in value: JSONValue,
                                         under node: ErrorTrie.Node) -> [GraphQLError]? {
        guard case .array(let items) = value else { return nil }
        var errors: [GraphQLError]?
        for (index, item) in items.enumerated() where item == .null {
            if let itemNode = node.child(.index(index)) {
                errors = (errors ?? []) + trie.take(itemNode)
            }
        }
        return errors
    }

    /// Checks a non-null leaf value against its type, list wrappers included.
    /// `value` as the store keeps it, when it fits `type`: a `Float` sent without a fraction
    /// (`40`, as JavaScript servers print 40.0) is kept as a double, so a value's kind follows
    /// its type, not its digits; an `Int` must fit 32 bits; a custom scalar is kept as it came.
    private func checked(_ value: JSONValue, fits type: GraphQLType,
                         leaf: FieldNode.Leaf) throws(NormalizeError) -> JSONValue {
        switch type.nullable {
        case .list(let item):
            guard case .array(let items) = value else {
                throw .expectedList(path: pathText, found: value.kindDescription)
            }
            // Only a list of floats can change; the others are checked and kept as they came.
            guard leaf == .float else {
                for element in items where element != .null { _ = try checked(element, fits: item, leaf: leaf) }
                return value
            }
            var kept: [JSONValue] = []
            kept.reserveCapacity(items.count)
            for element in items {
                kept.append(element == .null ? .null : try checked(element, fits: item, leaf: leaf))
            }
            return .array(kept)
        case .named, .nonNull:
            if case .array = value, leaf != .custom { throw .unexpectedList(path: pathText) }
            switch (leaf, value) {
            case (.int, .int(let integer)):
                guard Int(Int32.min)...Int(Int32.max) ~= integer else {
                    throw .intOutOfRange(path: pathText, value: integer)
                }
                return value
            case (.float, .int(let integer)):
                return .double(Double(integer))
            default:
                break
            }
            let fits = switch (leaf, value) {
            case (.custom, _): true
            case (.string, .string), (.enumeration, .string), (.boolean, .bool): true
            case (.id, .string), (.id, .int), (.int, .int): true
            case (.float, .double), (.float, .int): true
            case (.string, _), (.enumeration, _), (.boolean, _), (.id, _), (.int, _), (.float, _):
                false
            }
            if !fits {
                throw .scalarMismatch(path: pathText, expected: type.namedType,
                                      found: value.kindDescription)
            }
            return value
        }
    }
}
