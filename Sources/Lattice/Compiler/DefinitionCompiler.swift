import GraphQLSyntax

/// Compiles one operation or fragment: resolves every field against the schema, computes
/// storage keys, adds the `id` and `__typename` normalization needs, and validates.
struct DefinitionCompiler {
    let schema: Schema
    let file: String
    /// Fragments compiled so far (all a definition spreads, unless they failed).
    let artifacts: [String: Artifact]
    let failed: Set<String>
    let definedFragments: Set<String>
    var diagnostics: [Diagnostic] = []
    var usages: [VariableUsage] = []
    private var variableKeys: [StorageKeyTemplate] = []
    /// Whether the arguments being checked are a client directive's, which the sent text
    /// leaves out (`VariableUsage.isSent`).
    var inClientDirective = false
    private var throwsOnFieldError = false
    private var documentCatch: CatchTarget?
    /// What `compileSelections` added, for the request text.
    private var addedSyntax: AddedSyntax = [:]
    /// Where each client-only field is written (its start offset), which the request text
    /// leaves out (`ExecutableDefinition.leavingOut`).
    private var clientFields: Set<Int> = []
    /// The selection set being compiled, counted from the definition's (1).
    private(set) var level = 0
    /// The kind of the definition being compiled.
    private(set) var definitionKind = Artifact.Kind.query
    /// The labels of the `@defer` and `@stream` directives seen so far, which must differ.
    var deferStreamLabels: Set<String> = []
    /// Whether the definition uses `@defer` or `@stream` (with a condition not constantly false).
    var usesDeferOrStream = false

    init(schema: Schema, file: String, artifacts: [String: Artifact], failed: Set<String>,
         definedFragments: Set<String>) {
        self.schema = schema
        self.file = file
        self.artifacts = artifacts
        self.failed = failed
        self.definedFragments = definedFragments
    }

    mutating func diagnose(_ location: SourceLocation, _ problem: CompileProblem) {
        diagnostics.append(Diagnostic(file, location, problem))
    }

    func place(_ location: SourceLocation) -> String { "\(file):\(location.line):\(location.column)" }

    /// The artifact, or `nil` when the definition has problems (all diagnosed).
    mutating func compile(name: String, _ definition: ExecutableDefinition) -> Artifact? {
        let kind: Artifact.Kind
        let typeName: String?
        let directives: [Directive]
        var variables: [Artifact.Variable] = []
        switch definition {
        case .operation(let operation):
            directives = operation.directives
            switch operation.operation {
            case .query: (kind, typeName) = (.query, schema.queryType)
            case .mutation: (kind, typeName) = (.mutation, schema.mutationType)
            case .subscription: (kind, typeName) = (.subscription, schema.subscriptionType)
            }
            if typeName == nil {
                diagnose(operation.location, .missingRootType(operation.operation.rawValue))
            }
            _ = checkDirectives(directives, at: operation.operation.rawValue.uppercased())
            variables = compileVariables(operation.variableDefinitions)
        case .fragment(let fragment):
            kind = .fragment
            directives = fragment.directives
            let condition = fragment.typeCondition.name
            if let type = schema.types[condition.value], type.isComposite {
                typeName = condition.value
            } else {
                diagnose(condition.location, .unknownType(condition.value))
                typeName = nil
            }
            _ = checkDirectives(directives, at: "FRAGMENT_DEFINITION")
            variables = compileFragmentVariables(directives, fragment: name)
        }
        guard let typeName else { return nil }
        definitionKind = kind
        let refetchQuery = kind == .fragment ? compileRefetchable(directives, fragment: name, type: typeName) : nil
        throwsOnFieldError = directives.contains { $0.name.value == ClientDirective.throwOnFieldError }
        documentCatch = catchTarget(directives)
        let expires = expiresSeconds(directives)
        let set = compileSelections([definition.selectionSet], parent: typeName,
                                    underCatch: documentCatch != nil, generate: false)
        if kind == .subscription, case .operation(let operation) = definition {
            let count = ObjectSelection.responseKeys(of: set.selections, for: TypeKey(typeName)).count
            if count != 1 {
                // At the first written root field past the first response key, as graphql-js.
                let fields = operation.selectionSet.selections.compactMap { selection -> Field? in
                    if case .field(let field) = selection { field } else { nil }
                }
                let firstKey = fields.first.map { $0.alias?.value ?? $0.name.value }
                let extra = fields.first { ($0.alias?.value ?? $0.name.value) != firstKey }
                diagnose(extra?.location ?? operation.location, .subscriptionRootFields(operation: name, count: count))
            }
        }
        // Variables only client directives use are declared in the sent text by nothing else.
        var unsent: Set<String> = []
        var hoisted: [VariableDefinition] = []
        var renaming: [String: String] = [:]
        if case .operation(let operation) = definition {
            let all = checkVariableUsages(operation: name, variables: variables,
                                          definitions: operation.variableDefinitions, root: set)
            unsent = Set(variables.map(\.name)).subtracting(all.filter(\.isSent).map(\.name))
            hoisted = hoistedDeclarations(root: set, operation: name, declared: variables, at: operation.location)
        } else {
            for variable in variables { renaming[variable.name] = Artifact.hoistedName(fragment: name, variable: variable.name) }
        }
        if kind == .fragment { usages = ownUsages(of: variables) }
        guard diagnostics.isEmpty else { return nil }
        return Artifact(name: name, kind: kind, typeName: typeName, selectionSet: set,
                        variables: variables, throwsOnFieldError: throwsOnFieldError,
                        catchTarget: documentCatch, expiresSeconds: expires,
                        variableKeys: variableKeys, location: place(definition.location),
                        variableUsages: usages, requestText: definition.leavingOut(clientFields, added: addedSyntax).requestText(adding: addedSyntax, leavingOut: unsent, renaming: renaming,
                                                            hoisted: hoisted),
                        refetchQuery: refetchQuery, hoistsFragmentVariables: !hoisted.isEmpty,
                        defersOrStreams: usesDeferOrStream)
    }

    private mutating func compileVariables(_ definitions: [VariableDefinition]) -> [Artifact.Variable] {
        var defined: Set<String> = []
        return definitions.compactMap { definition in
            let name = definition.variable.name.value
            guard defined.insert(name).inserted else {
                diagnose(definition.variable.name.location, .duplicateVariable(name))
                return nil
            }
            let type = GraphQLType(definition.type)
            guard let named = schema.types[type.namedType] else {
                diagnose(definition.type.location, .unknownType(type.namedType))
                return nil
            }
            if !named.isInput {
                diagnose(definition.type.location, .notInputType(variable: name, type: type.description))
            }
            _ = checkDirectives(definition.directives, at: "VARIABLE_DEFINITION")
            return Artifact.Variable(name: name, type: type,
                                     defaultValue: definition.defaultValue.flatMap(Self.constant))
        }
    }

    /// Checks every variable the operation uses, in its own selection and in every fragment
    /// it reaches, against its declarations, and that every declared one is used.
    /// - Returns: every usage, the fragments' included.
    @discardableResult
    private mutating func checkVariableUsages(operation: String, variables: [Artifact.Variable],
                                              definitions: [VariableDefinition], root: ObjectSelection) -> [VariableUsage] {
        var all = usages
        var seen: Set<ObjectIdentifier> = []
        var pending = Artifact.spreads(in: root)
        while let fragment = pending.popLast() {
            guard seen.insert(ObjectIdentifier(fragment)).inserted else { continue }
            all += fragment.variableUsages
            pending += fragment.spreadFragments
        }
        let used = Set(all.map(\.name))
        // At the definition, which starts at its description when it has one, as graphql-core reports it.
        for definition in definitions where !used.contains(definition.variable.name.value) {
            diagnose(definition.location,
                     .unusedVariable(variable: definition.variable.name.value, operation: operation))
        }
        let declared = Dictionary(variables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for usage in all {
            let problem: CompileProblem
            if let variable = declared[usage.name] {
                if variable.allows(usage) { continue }
                problem = .variableTypeMismatch(variable: usage.name, type: variable.type.description,
                                                expected: usage.expected.description)
            } else {
                problem = .unknownVariable(variable: usage.name, operation: operation)
            }
            diagnostics.append(Diagnostic(file: usage.file, line: usage.line, column: usage.column,
                                          problem: problem))
        }
        return all
    }

    // MARK: Selections

    /// One entry of a selection set after merging fields by response key.
    private enum Item {
        case field(Field, children: [GraphQLSyntax.SelectionSet])
        case inline(GraphQLSyntax.InlineFragment)
        case spread(GraphQLSyntax.FragmentSpread)
    }

    /// Compiles the selections of one object (several sets when fields were merged).
    mutating func compileSelections(_ sets: [GraphQLSyntax.SelectionSet], parent: String,
                                    underCatch: Bool, generate: Bool) -> ObjectSelection {
        level += 1
        defer { level -= 1 }
        if level > Compiler.maximumDepth, let first = sets.first {
            diagnose(first.location, .nestingTooDeep(limit: Compiler.maximumDepth, fragment: nil))
            return ObjectSelection(typeName: parent, concreteTypename: nil, identifiedTypes: nil, selections: [])
        }
        var items: [Item] = []
        var fieldIndex: [String: Int] = [:]
        for set in sets {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    noteIfClientOnly(field, on: parent)
                    let key = field.alias?.value ?? field.name.value
                    guard let index = fieldIndex[key] else {
                        fieldIndex[key] = items.count
                        items.append(.field(field, children: field.selectionSet.map { [$0] } ?? []))
                        continue
                    }
                    guard case .field(let first, let children) = items[index] else { continue }
                    if first.name.value != field.name.value
                        || first.arguments.map({ [$0.name.value: Self.shape($0.value)] })
                        != field.arguments.map({ [$0.name.value: Self.shape($0.value)] }) {
                        diagnose(field.location, .conflictingFields(responseKey: key))
                    }
                    items[index] = .field(first, children: children + (field.selectionSet.map { [$0] } ?? []))
                case .inlineFragment(let inline): items.append(.inline(inline))
                case .fragmentSpread(let spread): items.append(.spread(spread))
                }
            }
        }
        checkAliasNames(sets)
        var nodes: [SelectionNode] = []
        for item in items {
            switch item {
            case let .field(field, children):
                if let node = compileField(field, children: children, parent: parent, underCatch: underCatch) {
                    nodes.append(.field(node))
                }
            case .inline(let inline):
                if let node = compileInline(inline, parent: parent, underCatch: underCatch) {
                    nodes.append(.inlineFragment(node))
                }
            case .spread(let spread):
                if let node = compileSpread(spread, parent: parent) { nodes.append(.spread(node)) }
            }
        }
        if generate, let type = schema.types[parent], let written = sets.first {
            let added = AddedSelections(for: type, in: schema, present: nodes)
            if !added.isEmpty {
                nodes += added.nodes
                addedSyntax[written.location.start] = added.syntax(at: written.location)
            }
        }
        return objectSelection(of: parent, nodes)
    }

    /// `nodes` as the selection of `parent`, with the keys of its possible types. Its own
    /// function, not inlined: `compileSelections` and `compileField` recurse once a level, and
    /// a debug build gives every local of a frame its own slot, so what is here would widen
    /// every level's frame (the depth limit must fit a 512 KiB stack, `CompilerDepthTests`).
    @inline(never)
    private func objectSelection(of parent: String, _ nodes: [SelectionNode]) -> ObjectSelection {
        let possible = schema.possibleTypes(of: parent)
        let keyed = possible.compactMap { type in schema.key(of: type).map { (type: type, key: $0) } }
        let isObject: Bool
        if case .object? = schema.types[parent]?.kind { isObject = true } else { isObject = false }
        return ObjectSelection(
            typeName: parent, concreteTypename: isObject ? parent : nil,
            identifiedTypes: keyed.isEmpty ? nil : TypeCondition(typeName: parent, concreteTypes: Set(keyed.map(\.type))),
            recordKeys: SelectionKeys(keyed), selections: nodes, possibleTypes: isObject ? [] : possible.sorted())
    }

    /// Notes `field` for the request text to leave out when it is client-only (its own
    /// function for the frame's sake, as `objectSelection(of:_:)`).
    @inline(never)
    private mutating func noteIfClientOnly(_ field: Field, on parent: String) {
        if schema.field(field.name.value, on: parent)?.isClientOnly == true {
            clientFields.insert(field.location.start)
        }
    }

    private mutating func compileField(_ field: Field, children: [GraphQLSyntax.SelectionSet],
                                       parent: String, underCatch: Bool) -> FieldNode? {
        let name = field.name.value
        if checkDirectives(field.directives, at: "FIELD") { return nil }
        guard let schemaField = schema.field(name, on: parent) else {
            diagnose(field.name.location, .unknownField(field: name, type: parent))
            return nil
        }
        if let alias = field.alias, alias.value != name,
           AddedSelections.reservedKeys(of: parent, in: schema).contains(alias.value) {
            diagnose(alias.location, .reservedAlias(alias: alias.value, field: name))
        }
        guard let namedType = schema.types[schemaField.type.namedType] else { return nil }
        let arguments = checkArguments(field.arguments, declared: schemaField.arguments, of: name,
                                       at: field.name.location)
        let required = requiredAction(field.directives)
        if required != nil && schemaField.type.isNonNull {
            diagnose(field.name.location, .requiredOnNonNull(field: name, type: schemaField.type.description))
        }
        let catchHere = catchTarget(field.directives)
        checkStream(field.directives, type: schemaField.type, parent: parent)
        // As Relay types it: where the document handles the field's errors (it throws them,
        // or a @catch takes them), a semantically non-null position is read non-null.
        let handled = throwsOnFieldError || underCatch || catchHere != nil
        let type = handled ? schemaField.type.nonNull(atLevels: schemaField.semanticNonNullLevels) : schemaField.type
        let kind: FieldNode.Kind
        if namedType.isLeaf {
            if let extra = children.first {
                diagnose(extra.location, .selectionOnLeaf(field: name, type: schemaField.type.description))
            }
            kind = .scalar(Self.leaf(namedType))
        } else if namedType.isComposite {
            guard !children.isEmpty else {
                diagnose(field.name.location, .missingSelection(field: name, type: schemaField.type.description))
                return nil
            }
            let child = compileSelections(children, parent: namedType.name,
                                          underCatch: underCatch || catchHere != nil, generate: true)
            switch type.listDepth {
            case 0: kind = .linked(child)
            case 1: kind = .linkedList(child, itemNonNull: type.listItem?.isNonNull ?? false)
            default:
                diagnose(field.name.location, .unsupported("a list of lists of objects"))
                return nil
            }
        } else {
            diagnose(field.name.location, .notOutputType(field: name, type: schemaField.type.description))
            return nil
        }
        let (edgeEdit, edgeEditFailed) = compileEdgeEdit(field.directives, field: name, type: schemaField.type,
                                                         kind: kind)
        if edgeEditFailed { return nil }
        var key: FieldKeyRef?
        var connection: ConnectionField?
        if let directive = field.directives.first(where: { $0.name.value == ClientDirective.connection }) {
            guard let compiled = compileConnection(directive, on: field, kind: kind, arguments: arguments) else {
                return nil
            }
            (connection, key) = compiled
        }
        return FieldNode(
            responseKey: field.alias?.value ?? name, name: name, type: type, kind: kind,
            key: key ?? fieldKey(name: name, arguments: arguments), required: required, catchTarget: catchHere,
            isAdded: false,
            errorsThrow: throwsOnFieldError && !underCatch && catchHere == nil,
            isCaught: underCatch || catchHere != nil, location: place(field.location), connection: connection,
            edgeEdit: edgeEdit, isClientOnly: schemaField.isClientOnly)
    }

    /// A constant key when no argument uses a variable (the fast path), else a slot of the
    /// artifact's variable key table.
    mutating func fieldKey(name: String, arguments: [String: ArgumentValue]) -> FieldKeyRef {
        let constants = arguments.compactMapValues(\.constant)
        if constants.count == arguments.count {
            let interned = FieldKeyTable.shared.intern(
                StorageKey.make(name: name, arguments: constants.map { ($0.key, $0.value) }))
            return .constant(interned.key, interned.keyPath)
        }
        variableKeys.append(StorageKeyTemplate(name: name, arguments: arguments))
        return .variable(index: variableKeys.count - 1, template: variableKeys[variableKeys.count - 1])
    }

    static func leaf(_ type: SchemaType) -> FieldNode.Leaf {
        if case .enumeration = type.kind { return .enumeration }
        switch type.name {
        case "String": return .string
        case "ID": return .id
        case "Int": return .int
        case "Float": return .float
        case "Boolean": return .boolean
        default: return .custom
        }
    }
}
