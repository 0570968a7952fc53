import GraphQLSyntax

/// What the compiler adds to the selections of one object so the store can key and type what
/// the server sends for it: its type's key fields (`Schema.key(of:)`: `id` for a type with
/// `id: ID!` unless configured otherwise), `__typename` for an interface or a union, and
/// `... on T { key fields }` for each keyed possible type of an abstract type whose key fields
/// the abstract type does not declare; each unless the set already selects it under its own
/// name.
///
/// One decision, two renderings: `nodes` go into the compiled set (the normalizer requires
/// them like any other field), `syntax(at:)` into the text the runtime sends
/// (`Artifact.requestText`), so the server is asked for every field the normalizer requires.
struct AddedSelections {
    /// The key fields added to the set itself, in key order.
    let keyFields: [FieldNode]
    /// Whether `__typename` is added.
    let typename: Bool
    /// The keyed possible types that get `... on T { key fields }`, sorted, each with the key
    /// fields the set itself does not give.
    let keyedMembers: [(name: String, fields: [FieldNode])]

    /// The response keys of the added fields, which no alias of another field may take
    /// (`CompileProblem.reservedAlias`), as Relay refuses an alias `id`; a type's configured
    /// key fields are reserved on it too (`reservedKeys(of:in:)`).
    static let responseKeys: Set<String> = ["id", "__typename"]

    /// The additions for an object of `type` whose set compiled to `present`.
    init(for type: SchemaType, in schema: Schema, present: [SelectionNode]) {
        var selected: Set<String> = []
        for case .field(let field) in present where field.responseKey == field.name {
            selected.insert(field.name)
        }
        typename = type.isAbstract && !selected.contains("__typename")
        guard type.isAbstract else {
            keyFields = (schema.key(of: type.name)?.fields ?? []).filter { !selected.contains($0) }
                .compactMap { Self.keyField($0, on: type.name, in: schema) }
            keyedMembers = []
            return
        }
        // The key fields the abstract type declares are selected on it, once; the others in a
        // fragment on each member that needs them.
        let members = schema.possibleTypes(of: type.name).sorted()
        // An identified interface's `id` is its own, members or not (as it always was).
        var direct: [String] = schema.identity.isDefault && type.isIdentified ? ["id"] : []
        var needed: [(String, [String])] = []
        for member in members {
            guard let key = schema.key(of: member) else { continue }
            for field in key.fields where !direct.contains(field)
                && type.fields[field] != nil && type.fields[field]?.type == schema.field(field, on: member)?.type {
                direct.append(field)
            }
            needed.append((member, key.fields))
        }
        keyFields = direct.filter { !selected.contains($0) }.compactMap { Self.keyField($0, on: type.name, in: schema) }
        keyedMembers = needed.compactMap { member, fields in
            let own = fields.filter { !direct.contains($0) && !selected.contains($0) }
            return own.isEmpty ? nil : (member, own.compactMap { Self.keyField($0, on: member, in: schema) })
        }
    }

    /// Whether nothing is added.
    var isEmpty: Bool { keyFields.isEmpty && !typename && keyedMembers.isEmpty }

    /// The additions as compiled selections, marked generated (`FieldNode.isAdded`).
    var nodes: [SelectionNode] {
        var added: [SelectionNode] = keyFields.map { .field($0) }
        if typename {
            added.append(.field(FieldNode(
                responseKey: "__typename", name: "__typename", type: .nonNull(.named("String")),
                kind: .scalar(.string), key: .constant(.typename, FieldKey.typename.keyPath),
                required: nil, catchTarget: nil, isAdded: true, errorsThrow: false, isCaught: false,
                location: "<added>")))
        }
        for member in keyedMembers {
            let only = TypeCondition(typeName: member.name, concreteTypes: [member.name])
            let set = ObjectSelection(typeName: member.name, concreteTypename: member.name, identifiedTypes: only,
                                      selections: member.fields.map { .field($0) })
            added.append(.inlineFragment(InlineFragmentNode(condition: only, selectionSet: set)))
        }
        return added
    }

    /// The additions as syntax, in the order of `nodes`, located at the set they complete.
    func syntax(at location: SourceLocation) -> [GraphQLSyntax.Selection] {
        var added: [GraphQLSyntax.Selection] = keyFields.map { .field(Field(leaf: $0.name, location: location)) }
        if typename { added.append(.field(Field(leaf: "__typename", location: location))) }
        for member in keyedMembers {
            added.append(.inlineFragment(InlineFragment(
                on: member.name, member.fields.map { .field(Field(leaf: $0.name, location: location)) },
                location: location)))
        }
        return added
    }

    /// The response keys no alias on `typeName` may take: the added ones and its key fields.
    static func reservedKeys(of typeName: String, in schema: Schema) -> Set<String> {
        guard let key = schema.key(of: typeName), !key.isDefault else { return responseKeys }
        return responseKeys.union(key.fields)
    }

    /// The added node of key field `name` on `typeName` (`Schema.keyed(by:)` checked it is a
    /// non-null leaf there; `id: ID!` is the node every default key shares).
    private static func keyField(_ name: String, on typeName: String, in schema: Schema) -> FieldNode? {
        if name == "id", schema.field(name, on: typeName)?.type == .nonNull(.named("ID")) { return idField }
        guard let declared = schema.field(name, on: typeName),
              let leafType = schema.types[declared.type.namedType] else { return nil }
        let interned = FieldKeyTable.shared.intern(name)
        return FieldNode(responseKey: name, name: name, type: declared.type, kind: .scalar(DefinitionCompiler.leaf(leafType)),
                         key: .constant(interned.key, interned.keyPath), required: nil, catchTarget: nil,
                         isAdded: true, errorsThrow: false, isCaught: false, location: "<added>")
    }

    private static var idField: FieldNode {
        FieldNode(responseKey: "id", name: "id", type: .nonNull(.named("ID")), kind: .scalar(.id),
                  key: .constant(.id, FieldKey.id.keyPath), required: nil, catchTarget: nil,
                  isAdded: true, errorsThrow: false, isCaught: false, location: "<added>")
    }
}

/// The additions of one definition as syntax, by the start offset (in the definition's file)
/// of the written selection set each completes: the first of the sets a merged field joins.
typealias AddedSyntax = [Int: [GraphQLSyntax.Selection]]

extension ExecutableDefinition {
    /// The definition as the runtime sends it: printed in graphql-js's style, with `added`
    /// appended to the sets they complete, without the client's directives
    /// (`ClientDirective`) and without descriptions (the client's documentation, which a
    /// server parsing as graphql-js 16 or graphql-core 3.2 do refuses on operations), and
    /// without the variables `unsent` (used only by client directives: a server refuses a
    /// variable nothing uses).
    /// - Complexity: O(size of the definition).
    /// A fragment's own variables are renamed as `renaming` says (`Artifact.hoistedName`), and
    /// an operation declares `hoisted` after its own.
    func requestText(adding added: AddedSyntax, leavingOut unsent: Set<String> = [],
                     renaming: [String: String] = [:], hoisted: [VariableDefinition] = []) -> String {
        switch self {
        case .operation(var operation):
            operation.description = nil
            operation.directives = operation.directives.sent
            operation.variableDefinitions = operation.variableDefinitions.filter {
                !unsent.contains($0.variable.name.value)
            }.map { variable in
                var variable = variable
                variable.description = nil
                return variable
            } + hoisted
            operation.selectionSet = operation.selectionSet.sent(adding: added)
            return Definition.operation(operation).printed()
        case .fragment(var fragment):
            fragment.description = nil
            fragment.directives = fragment.directives.sent
            fragment.selectionSet = fragment.selectionSet.sent(adding: added)
            if !renaming.isEmpty { fragment.selectionSet = fragment.selectionSet.renaming(renaming) }
            return Definition.fragment(fragment).printed()
        }
    }
}

extension GraphQLSyntax.SelectionSet {
    /// The set as sent: `added` appended here and in every set below it, client directives
    /// left out.
    fileprivate func sent(adding added: AddedSyntax) -> GraphQLSyntax.SelectionSet {
        var set = self
        set.selections = selections.map { $0.sent(adding: added) } + (added[location.start] ?? [])
        return set
    }
}

extension GraphQLSyntax.Selection {
    fileprivate func sent(adding added: AddedSyntax) -> GraphQLSyntax.Selection {
        switch self {
        case .field(var field):
            field.directives = field.directives.sent
            field.selectionSet = field.selectionSet?.sent(adding: added)
            return .field(field)
        case .inlineFragment(var inline):
            inline.directives = inline.directives.sent
            inline.selectionSet = inline.selectionSet.sent(adding: added)
            return .inlineFragment(inline)
        case .fragmentSpread(var spread):
            spread.directives = spread.directives.sent
            return .fragmentSpread(spread)
        }
    }
}

extension GraphQLSyntax.SelectionSet {
    /// The set with the variables of `names` renamed in every argument below it.
    fileprivate func renaming(_ names: [String: String]) -> GraphQLSyntax.SelectionSet {
        var set = self
        set.selections = selections.map { selection in
            switch selection {
            case .field(var field):
                field.arguments = field.arguments.map { $0.renaming(names) }
                field.directives = field.directives.map { $0.renaming(names) }
                field.selectionSet = field.selectionSet?.renaming(names)
                return .field(field)
            case .inlineFragment(var inline):
                inline.directives = inline.directives.map { $0.renaming(names) }
                inline.selectionSet = inline.selectionSet.renaming(names)
                return .inlineFragment(inline)
            case .fragmentSpread(var spread):
                spread.directives = spread.directives.map { $0.renaming(names) }
                return .fragmentSpread(spread)
            }
        }
        return set
    }
}

extension Directive {
    fileprivate func renaming(_ names: [String: String]) -> Directive {
        var directive = self
        directive.arguments = arguments.map { $0.renaming(names) }
        return directive
    }
}

extension Argument {
    fileprivate func renaming(_ names: [String: String]) -> Argument {
        var argument = self
        argument.value = value.renaming(names)
        return argument
    }
}

extension Value {
    fileprivate func renaming(_ names: [String: String]) -> Value {
        switch self {
        case .variable(var variable):
            if let name = names[variable.name.value] { variable.name.value = name }
            return .variable(variable)
        case .list(var list):
            list.values = list.values.map { $0.renaming(names) }
            return .list(list)
        case .object(var object):
            object.fields = object.fields.map { field in
                var field = field
                field.value = field.value.renaming(names)
                return field
            }
            return .object(object)
        case .int, .float, .string, .boolean, .null, .enum:
            return self
        }
    }
}

extension [Directive] {
    /// The directives a server is sent: all but the client's own.
    fileprivate var sent: [Directive] {
        filter { !ClientDirective.names.contains($0.name.value) }
    }
}
