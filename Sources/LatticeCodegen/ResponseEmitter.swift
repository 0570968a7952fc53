import Lattice

/// Writes a mutation's typed optimistic response: a struct per object of the response, each
/// field the mutation sends at that object a stored property (its spreads' fields, its
/// unconditioned inline fragments' and the `id` and `__typename` the compiler adds merged in,
/// as the server's answer has them), and a part per type condition, merged into the object's
/// JSON when set. Its JSON is what the normalizer takes, so the store reads it as it reads the
/// server's answer.
struct ResponseEmitter {
    let types: SwiftTypes

    /// The members of one object of the response: its fields by response key, each with the
    /// selections to merge under it, and its type conditions, each with its selections.
    private struct Shape {
        var fields: [(field: FieldNode, sets: [ObjectSelection])] = []
        var conditions: [(typeName: String, sets: [ObjectSelection])] = []

        mutating func collect(_ set: ObjectSelection) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    let sets = field.selectionSet.map { [$0] } ?? []
                    if let index = fields.firstIndex(where: { $0.field.responseKey == field.responseKey }) {
                        fields[index].sets += sets
                    } else {
                        fields.append((field, sets))
                    }
                case .inlineFragment(let inline):
                    add(inline.selectionSet, under: inline.condition)
                case .spread(let spread):
                    add(spread.fragment.selectionSet, under: spread.condition)
                }
            }
        }

        private mutating func add(_ set: ObjectSelection, under condition: TypeCondition?) {
            guard let condition else { return collect(set) }
            if let index = conditions.firstIndex(where: { $0.typeName == condition.typeName }) {
                conditions[index].sets.append(set)
            } else {
                conditions.append((condition.typeName, [set]))
            }
        }
    }

    /// Writes `struct name: InputEncodable` for the response of `set`, in an extension of
    /// `parent`, then each nested object's struct in an extension of its own parent.
    /// `enclosing` are the names of the types it is nested in, which nested types must not take.
    func emit(_ set: ObjectSelection, named name: String, in parent: String, enclosing: Set<String>,
              into writer: inout SwiftWriter) {
        var shape = Shape()
        shape.collect(set)
        emit(shape, named: name, in: parent, enclosing: enclosing,
             doc: "/// The answer `\(parent)` is expected to give, for `mutate(_:variables:optimisticResponse:)`.",
             into: &writer)
    }

    private func emit(_ shape: Shape, named name: String, in parent: String, enclosing: Set<String>,
                      doc: String? = nil, into writer: inout SwiftWriter) {
        var properties = TakenNames(InputMembers.reserved)
        var typeNames = TakenNames(inside: types.reserved, enclosing.union([name]))
        var members: [InputMembers.Member] = []
        var nested: [(shape: Shape, name: String)] = []
        for (field, sets) in shape.fields {
            let type: String
            if sets.isEmpty {
                type = types.inputType(field.type)
            } else {
                var child = Shape()
                for set in sets { child.collect(set) }
                let childName = typeNames.claim(SwiftNames.typeName(field.responseKey))
                nested.append((child, childName))
                type = types.inputType(field.type, named: childName)
            }
            members.append(.init(graphQLName: field.responseKey, property: properties.claim(field.responseKey),
                                 type: type, defaultValue: nil, isMerged: false))
        }
        for (typeName, sets) in shape.conditions {
            var child = Shape()
            for set in sets { child.collect(set) }
            // A leaf the object has already (the `id` added under each identified type) is set once.
            child.fields.removeAll { field, sets in
                sets.isEmpty && shape.fields.contains { $0.field.responseKey == field.responseKey }
            }
            if child.fields.isEmpty && child.conditions.isEmpty { continue }
            let childName = typeNames.claim("As" + SwiftNames.typeName(typeName))
            nested.append((child, childName))
            members.append(.init(graphQLName: typeName, property: properties.claim("as" + SwiftNames.typeName(typeName)),
                                 type: childName + "?", defaultValue: "nil", isMerged: true))
        }
        writer.line()
        writer.block("extension \(parent)") { writer in
            if let doc { writer.line(doc) }
            writer.block("\(types.access)struct \(name): InputEncodable") { writer in
                InputMembers(members, access: types.access).emit(into: &writer)
                writer.line("\(types.access)var inputJSON: JSONValue { .object(fields.json) }")
            }
        }
        let inner = enclosing.union([name])
        for child in nested {
            emit(child.shape, named: child.name, in: parent + "." + name, enclosing: inner, into: &writer)
        }
    }
}
