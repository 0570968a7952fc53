import GraphQLSyntax

/// Fragment arguments, as Relay's: `@argumentDefinitions` gives a fragment variables of its
/// own (inside it, `$name` is its own, not the operation's), and `@arguments` on a spread
/// gives them values, literals or the enclosing definition's variables.
///
/// A server knows neither: the sent text declares each fragment variable in the operation,
/// named `<Fragment>_<name>` (`Artifact.hoistedName`), and `Program.request` sends its
/// value, resolved from the spread. So a fragment with variables of its own is spread at most
/// once in an operation (two spreads would need two values of one variable).
extension DefinitionCompiler {
    /// The variables `@argumentDefinitions` declares, each `name: {type: "T", defaultValue: v}`.
    mutating func compileFragmentVariables(_ directives: [Directive], fragment: String) -> [Artifact.Variable] {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.argumentDefinitions }) else {
            return []
        }
        var variables: [Artifact.Variable] = []
        for argument in directive.arguments {
            let name = argument.name.value
            guard case .object(let object) = argument.value,
                  let typeField = object.fields.first(where: { $0.name.value == "type" }),
                  case .string(let text)? = Self.constant(typeField.value) else {
                diagnose(argument.location, .invalidValue(argument: name, expected: "{type: \"T\", defaultValue: v} of @argumentDefinitions"))
                continue
            }
            guard let type = GraphQLType(parsing: text), let named = schema.types[type.namedType], named.isInput else {
                diagnose(typeField.value.location, .notInputType(variable: name, type: text))
                continue
            }
            let defaultValue = object.fields.first { $0.name.value == "defaultValue" }.flatMap { Self.constant($0.value) }
            variables.append(Artifact.Variable(name: name, type: type, defaultValue: defaultValue))
        }
        return variables
    }

    /// The values a spread's `@arguments` gives `fragment`'s own variables, each checked
    /// against its declaration; a non-null one without a default must be given.
    mutating func compileSpreadArguments(_ spread: GraphQLSyntax.FragmentSpread, of fragment: Artifact)
        -> [String: ArgumentValue] {
        let given = spread.directives.first { $0.name.value == ClientDirective.arguments }?.arguments ?? []
        let owner = "@arguments of ...\(fragment.name)"
        var values: [String: ArgumentValue] = [:]
        for argument in given {
            let name = argument.name.value
            guard let variable = fragment.variables.first(where: { $0.name == name }) else {
                diagnose(argument.name.location, .unknownArgument(argument: name, field: owner))
                continue
            }
            // Not in the sent text (the spread is sent bare): the value goes as the hoisted variable's.
            inClientDirective = true
            values[name] = argumentValue(argument.value, expected: variable.type,
                                         hasDefault: variable.defaultValue != nil, argument: name)
            inClientDirective = false
        }
        for variable in fragment.variables
        where variable.type.isNonNull && variable.defaultValue == nil && values[variable.name] == nil {
            diagnose(spread.location, .missingArgument(argument: variable.name, field: owner))
        }
        return values
    }

    /// The declarations an operation's sent text adds for the variables of the fragments it
    /// reaches that have their own, in fragment then variable order; each such fragment must
    /// be spread once.
    mutating func hoistedDeclarations(root: ObjectSelection, operation: String, declared: [Artifact.Variable],
                                      at location: SourceLocation) -> [VariableDefinition] {
        var spreads = Artifact.spreadNodes(in: root)
        var seen: Set<ObjectIdentifier> = []
        var pending = Artifact.spreads(in: root)
        while let fragment = pending.popLast() {
            guard seen.insert(ObjectIdentifier(fragment)).inserted else { continue }
            spreads += Artifact.spreadNodes(in: fragment.selectionSet)
            pending += fragment.spreadFragments
        }
        var counts: [String: Int] = [:]
        var fragments: [String: Artifact] = [:]
        for spread in spreads where !spread.fragment.variables.isEmpty {
            counts[spread.fragment.name, default: 0] += 1
            fragments[spread.fragment.name] = spread.fragment
        }
        guard !fragments.isEmpty else { return [] }
        let names = Set(declared.map(\.name))
        var declarations: [String] = []
        for (name, fragment) in fragments.sorted(by: { $0.key < $1.key }) {
            if let count = counts[name], count > 1 {
                diagnose(location, .unsupported("\(name), which has @argumentDefinitions, spread \(count) times in \(operation)"))
            }
            for variable in fragment.variables {
                let hoisted = Artifact.hoistedName(fragment: name, variable: variable.name)
                if names.contains(hoisted) { diagnose(location, .duplicateVariable(hoisted)) }
                declarations.append("$\(hoisted): \(variable.type)")
            }
        }
        let text = "query Hoisted(\(declarations.joined(separator: ", "))) { __typename }"
        guard let document = try? parse(Source(text: text, name: "hoisted")),
              case .operation(let hoisted)? = document.definitions.first else { return [] }
        return hoisted.variableDefinitions
    }

    /// The usages of the operation's variables among `usages`: those of the fragment's own
    /// `variables` are checked against their declarations here, and are not the operation's.
    mutating func ownUsages(of variables: [Artifact.Variable]) -> [VariableUsage] {
        guard !variables.isEmpty else { return usages }
        var operations: [VariableUsage] = []
        for usage in usages {
            guard let variable = variables.first(where: { $0.name == usage.name }) else {
                operations.append(usage)
                continue
            }
            if !variable.allows(usage) {
                diagnostics.append(Diagnostic(file: usage.file, line: usage.line, column: usage.column,
                                              problem: .variableTypeMismatch(variable: usage.name,
                                                                             type: variable.type.description,
                                                                             expected: usage.expected.description)))
            }
        }
        return operations
    }
}

extension Artifact.Variable {
    /// Whether the variable may be used where `usage` is (graphql-js's rule: a compatible
    /// type, or a nullable one with a default where a non-null one is expected).
    func allows(_ usage: VariableUsage) -> Bool {
        type.isCompatible(with: usage.expected)
            || (usage.expected.isNonNull && !type.isNonNull
                && (defaultValue != nil || usage.positionHasDefault)
                && type.isCompatible(with: usage.expected.nullable))
    }
}

extension Artifact {
    /// The name the sent text gives the fragment `fragment`'s own variable `variable` in the
    /// operation: `<Fragment>_<variable>`.
    static func hoistedName(fragment: String, variable: String) -> String { "\(fragment)_\(variable)" }
}
