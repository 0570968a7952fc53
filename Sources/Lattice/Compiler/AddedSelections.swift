import GraphQLSyntax

/// What the compiler adds to the selections of one object so the store can key and type what
/// the server sends for it: `id` for an identified type, `__typename` for an interface or a
/// union, and `... on T { id }` for each identified possible type of an abstract type that has
/// no `id` itself; each unless the set already selects it under its own name.
///
/// One decision, two renderings: `nodes` go into the compiled set (the normalizer requires
/// them like any other field), `syntax(at:)` into the text the runtime sends
/// (`Artifact.requestText`), so the server is asked for every field the normalizer requires.
struct AddedSelections {
    /// Whether `id` is added.
    let id: Bool
    /// Whether `__typename` is added.
    let typename: Bool
    /// The identified possible types that get `... on T { id }`, sorted.
    let identifiedMembers: [String]

    /// The response keys of the added fields, which no alias of another field may take
    /// (`CompileProblem.reservedAlias`), as Relay refuses an alias `id`.
    static let responseKeys: Set<String> = ["id", "__typename"]

    /// The additions for an object of `type` whose set compiled to `present`.
    init(for type: SchemaType, in schema: Schema, present: [SelectionNode]) {
        var selected: Set<String> = []
        for case .field(let field) in present where field.responseKey == field.name {
            selected.insert(field.name)
        }
        id = type.isIdentified && !selected.contains("id")
        typename = type.isAbstract && !selected.contains("__typename")
        identifiedMembers = type.isAbstract && !type.isIdentified
            ? schema.possibleTypes(of: type.name).sorted().filter { schema.types[$0]?.isIdentified ?? false }
            : []
    }

    /// Whether nothing is added.
    var isEmpty: Bool { !id && !typename && identifiedMembers.isEmpty }

    /// The additions as compiled selections, marked generated (`FieldNode.isAdded`).
    var nodes: [SelectionNode] {
        var added: [SelectionNode] = []
        if id { added.append(.field(Self.idField())) }
        if typename {
            added.append(.field(FieldNode(
                responseKey: "__typename", name: "__typename", type: .nonNull(.named("String")),
                kind: .scalar(.string), key: .constant(.typename, FieldKey.typename.keyPath),
                required: nil, catchTarget: nil, isAdded: true, errorsThrow: false, isCaught: false,
                location: "<added>")))
        }
        for member in identifiedMembers {
            let only = TypeCondition(typeName: member, concreteTypes: [member])
            let set = ObjectSelection(typeName: member, concreteTypename: member, identifiedTypes: only,
                                      selections: [.field(Self.idField())])
            added.append(.inlineFragment(InlineFragmentNode(condition: only, selectionSet: set)))
        }
        return added
    }

    /// The additions as syntax, in the order of `nodes`, located at the set they complete.
    func syntax(at location: SourceLocation) -> [GraphQLSyntax.Selection] {
        var added: [GraphQLSyntax.Selection] = []
        if id { added.append(.field(Field(leaf: "id", location: location))) }
        if typename { added.append(.field(Field(leaf: "__typename", location: location))) }
        for member in identifiedMembers {
            added.append(.inlineFragment(InlineFragment(
                on: member, [.field(Field(leaf: "id", location: location))], location: location)))
        }
        return added
    }

    private static func idField() -> FieldNode {
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
