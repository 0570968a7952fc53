import GraphQLSyntax

/// The edge directives, checked as Relay's compiler checks them: `@deleteRecord` and
/// `@deleteEdge` on an `ID` field (or a list of them), or on an object field of a keyed type
/// (`Schema.key(of:)`: the record its key names), `@appendEdge` and `@prependEdge` on an
/// object field that selects `cursor` and `node`, `@appendNode` and `@prependNode` on an
/// object field, with an edge type that has a `node` field of the field's type.
extension DefinitionCompiler {
    /// The edit of the one edge directive among `directives`, `nil` without one, or with the
    /// problem diagnosed (`failed` then true).
    mutating func compileEdgeEdit(_ directives: [Directive], field name: String, type: GraphQLType,
                                  kind: FieldNode.Kind) -> (edit: EdgeEdit?, failed: Bool) {
        let found = directives.filter { ClientDirective.edgeEdits.contains($0.name.value) }
        guard let directive = found.first else { return (nil, false) }
        let which = directive.name.value
        func refuse(_ reason: String) -> (edit: EdgeEdit?, failed: Bool) {
            diagnose(directive.location, .invalidEdgeEdit(directive: which, field: name, reason: reason))
            return (nil, true)
        }
        if found.count > 1 { return refuse("a field takes one edge directive") }
        let connections = directive.arguments.first { $0.name.value == "connections" }
            .map { Self.shape($0.value) }
        let edgeKind: EdgeEdit.Kind
        switch which {
        case "deleteRecord", "deleteEdge":
            // An object of a keyed type names its record by its key (a composite or scoped
            // key has no one ID value to send).
            let possible = schema.possibleTypes(of: type.namedType)
            let keyedObject = kind.objectSelection != nil && !possible.isEmpty && possible.allSatisfy { schema.key(of: $0) != nil }
            if case .scalar(.id) = kind {} else if !keyedObject {
                return refuse("the field must be an ID or a list of IDs, or an object of a keyed type, not \(type)")
            }
            edgeKind = which == "deleteRecord" ? .deleteRecord : .deleteEdge
        case "appendEdge", "prependEdge":
            guard let set = kind.objectSelection,
                  set.selections.contains(where: { if case .field(let f) = $0 { f.responseKey == "cursor" } else { false } }),
                  set.selections.contains(where: { if case .field(let f) = $0 { f.responseKey == "node" } else { false } })
            else { return refuse("the field must be an edge (an object) whose selection has cursor and node") }
            edgeKind = .insertEdge(atEnd: which == "appendEdge")
        default:
            guard kind.objectSelection != nil else { return refuse("the field must be an object (a node), not \(type)") }
            guard case .string(let edgeType)? = argumentConstant(directive, "edgeTypeName"),
                  let nodeField = schema.field("node", on: edgeType),
                  nodeField.type.namedType == type.namedType || schema.possibleTypes(of: nodeField.type.namedType).contains(type.namedType)
            else { return refuse("edgeTypeName must name an object type whose node field holds a \(type.namedType)") }
            edgeKind = .insertNode(atEnd: which == "appendNode", edgeTypeName: edgeType)
        }
        return (EdgeEdit(kind: edgeKind, connections: connections), false)
    }
}

extension FieldNode.Kind {
    /// The selection of an object field or list of objects.
    var objectSelection: ObjectSelection? {
        switch self {
        case .scalar: nil
        case .linked(let set), .linkedList(let set, _): set
        }
    }
}
