import Foundation

extension Store {
    /// The store as it stands, by its structure (`StoreInspection`): records by type, the
    /// retained roots (without handles: the environment's inspection adds them), the pending
    /// optimistic layers, the `@connection` lists and the release buffer. Untracked: it calls
    /// no registrar, so a body that inspects depends on nothing it read.
    /// - Complexity: O(records + retained roots + layers' records), no value copied.
    public func inspect(includesValues: Bool = false) -> StoreInspection {
        inspect(includesValues: includesValues) { _ in [] }
    }

    /// The inspection, each retained root with the handles `handles` gives for its retention.
    func inspect(includesValues: Bool,
                 handles: (Retention) -> [StoreInspection.Handle]) -> StoreInspection {
        // Counted by type key (two integers hashed), named once a type: a name is read under
        // the type table's lock.
        var types: [RecordType: Int] = [:]
        var connections: [StoreInspection.Connection] = []
        for record in source.records.values {
            types[record.type, default: 0] += 1
            if let connection = inspectConnection(record, includesValues: includesValues) {
                connections.append(connection)
            }
        }
        let roots = retained.values.map {
            Self.inspectRoot($0, includesValues: includesValues, handles: handles($0))
        }
        return StoreInspection(
            epoch: epoch, includesValues: includesValues,
            types: types.map { StoreInspection.TypeCount(type: Self.name(of: $0.key), records: $0.value) }
                .sorted { ($1.records, $0.type) < ($0.records, $1.type) },
            roots: roots.sorted(by: Self.rootOrder),
            layers: optimistic.layers.map(Self.inspectLayer),
            connections: connections.sorted { ($0.key, $0.id ?? "") < ($1.key, $1.id ?? "") },
            releaseBuffer: StoreInspection.ReleaseBuffer(
                capacity: releaseBuffer.capacity,
                roots: releaseBuffer.retentions.map { Self.inspectRoot($0, includesValues: includesValues, handles: []) }),
            image: nil)
    }

    /// A record's type as an inspection names it.
    private static func name(of type: RecordType) -> String {
        switch type {
        case .known(let key): key.name
        case .unknown: "(no __typename)"
        case .nonexistent: "(deleted)"
        }
    }

    /// The roots in a stable order: by operation, then variables as the inspection shows them.
    private static func rootOrder(_ left: StoreInspection.Root, _ right: StoreInspection.Root) -> Bool {
        let variables = { (root: StoreInspection.Root) in
            root.variables.map { "\($0.name)=\($0.kind)=\($0.value ?? "")" }.joined(separator: ",")
        }
        return (left.operation, variables(left)) < (right.operation, variables(right))
    }

    private static func inspectRoot(_ retention: Retention, includesValues: Bool,
                                    handles: [StoreInspection.Handle]) -> StoreInspection.Root {
        let artifact = retention.operation.artifact
        let variables = retention.operation.variables.sorted { $0.key < $1.key }.map {
            StoreInspection.Variable(name: $0.key, kind: $0.value.kindDescription,
                                     value: includesValues ? $0.value.jsonText : nil)
        }
        return StoreInspection.Root(operation: artifact.name, kind: artifact.kind.rawValue, variables: variables,
                                    handles: handles)
    }

    private static func inspectLayer(_ layer: OptimisticLayers.Layer) -> StoreInspection.Layer {
        let delta = layer.delta
        return StoreInspection.Layer(number: layer.id.rawValue, records: delta.order.count,
                                     fields: delta.staged.reduce(0) { $0 + $1.writes.count },
                                     deletions: delta.deletions.count, connectionEdits: delta.connectionEdits.count)
    }

    /// The list of `record`, when it is a `@connection` list: a record a page merge made
    /// (`DataID.connection(parent:key:filters:)`, a client id whose last storage key is
    /// `__<key>_connection`) linking its own `pageInfo`. - Complexity: O(1) for a record without
    /// a `pageInfo` link, looked at first; O(length of its id) for one with.
    private func inspectConnection(_ record: Record, includesValues: Bool) -> StoreInspection.Connection? {
        guard case .link(let info)? = record.slots[.pageInfo]?.value, record.id.isClient else { return nil }
        let id = record.id.rawValue
        guard let start = id.range(of: ":__", options: .backwards),
              let end = id.range(of: "_connection", range: start.upperBound..<id.endIndex),
              end.upperBound == id.endIndex || id[end.upperBound] == "(",
              info.id == DataID.client(parent: record.id, storageKey: "pageInfo") else { return nil }
        var edges = 0
        if case .links(let list)? = record.slots[.edges]?.value { edges = list.count }
        return StoreInspection.Connection(
            key: String(id[start.upperBound..<end.lowerBound]), id: includesValues ? id : nil, edges: edges,
            pages: connectionPages[record.serial],
            hasEndCursor: Self.holdsCursor(info.slots.scalar(.endCursor)),
            hasStartCursor: Self.holdsCursor(info.slots.scalar(.startCursor)),
            hasNextPage: info.slots.scalar(.hasNextPage) == .bool(true),
            hasPreviousPage: info.slots.scalar(.hasPreviousPage) == .bool(true))
    }

    private static func holdsCursor(_ value: JSONValue?) -> Bool {
        if case .string? = value { return true }
        return false
    }
}
