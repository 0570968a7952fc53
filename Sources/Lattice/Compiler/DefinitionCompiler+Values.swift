import GraphQLSyntax

/// Argument values, literals and directives of one definition's compilation.
extension DefinitionCompiler {
    /// A literal with no variables as JSON (`nil` if a variable occurs).
    static func constant(_ value: Value) -> JSONValue? {
        switch value {
        case .variable: nil
        case .int(let int): Int(int.value).map(JSONValue.int) ?? Double(int.value).map(JSONValue.double)
        case .float(let float): Double(float.value).map(JSONValue.double)
        case .string(let string): .string(string.value)
        case .boolean(let boolean): .bool(boolean.value)
        case .null: .null
        case .enum(let enumeration): .string(enumeration.value)
        case .list(let list):
            list.values.allSatisfy { constant($0) != nil } ? .array(list.values.compactMap(constant)) : nil
        case .object(let object):
            object.fields.allSatisfy({ constant($0.value) != nil })
                ? .object(Dictionary(object.fields.compactMap { field in
                    constant(field.value).map { (field.name.value, $0) } }, uniquingKeysWith: { _, last in last }))
                : nil
        }
    }

    /// The value as compiled, without recording anything (to compare merged fields).
    static func shape(_ value: Value) -> ArgumentValue {
        switch value {
        case .variable(let variable): .variable(variable.name.value)
        case .list(let list): .list(list.values.map(shape))
        case .object(let object):
            .object(Dictionary(object.fields.map { ($0.name.value, shape($0.value)) },
                               uniquingKeysWith: { _, last in last }))
        case .int, .float, .string, .boolean, .null, .enum: .literal(constant(value) ?? .null)
        }
    }

    /// Compiles an argument value expected to be of `type`, recording variable usages and
    /// reporting literals that do not fit.
    mutating func argumentValue(_ value: Value, expected type: GraphQLType, hasDefault: Bool,
                                argument: String) -> ArgumentValue {
        switch value {
        case .variable(let variable):
            usages.append(VariableUsage(name: variable.name.value, expected: type,
                                        positionHasDefault: hasDefault, file: file,
                                        line: variable.location.line, column: variable.location.column,
                                        isSent: !inClientDirective))
            return .variable(variable.name.value)
        case .list(let list):
            let item = type.listItem ?? type.nullable
            return .list(list.values.map { argumentValue($0, expected: item, hasDefault: false, argument: argument) })
        case .object(let object):
            let fields = schema.types[type.namedType]?.fields ?? [:]
            var members: [String: ArgumentValue] = [:]
            for field in object.fields {
                guard let declared = fields[field.name.value] else {
                    diagnose(field.name.location, .unknownArgument(argument: field.name.value, field: argument))
                    continue
                }
                guard members[field.name.value] == nil else {
                    diagnose(field.name.location, .duplicateInputField(field: field.name.value, argument: argument))
                    continue
                }
                members[field.name.value] = argumentValue(field.value, expected: declared.type,
                                                          hasDefault: declared.hasDefault, argument: argument)
            }
            for declared in fields.values.sorted(by: { $0.name < $1.name })
            where declared.type.isNonNull && !declared.hasDefault && members[declared.name] == nil {
                diagnose(object.location, .missingInputField(field: declared.name, argument: argument))
            }
            return .object(members)
        case .int, .float, .string, .boolean, .null, .enum:
            if !fits(value, type) {
                diagnose(value.location, .invalidValue(argument: argument, expected: type.description))
            }
            return .literal(Self.constant(value) ?? .null)
        }
    }

    /// Whether a scalar literal fits `type` (lists accept a single item, as GraphQL coerces).
    private func fits(_ value: Value, _ type: GraphQLType) -> Bool {
        if case .null = value { return !type.isNonNull }
        if let item = type.listItem { return fits(value, item) }
        guard let named = schema.types[type.namedType] else { return true }
        switch (named.kind, value) {
        case (.enumeration(let values), .enum(let enumeration)): return values.contains(enumeration.value)
        case (.enumeration, _): return false
        case (.scalar, _):
            switch (named.name, value) {
            case ("Int", .int), ("Float", .int), ("Float", .float), ("String", .string),
                 ("Boolean", .boolean), ("ID", .string), ("ID", .int): return true
            case ("Int", _), ("Float", _), ("String", _), ("Boolean", _), ("ID", _): return false
            default: return true
            }
        case (.inputObject, _), (.object, _), (.interface, _), (.union, _): return false
        }
    }

    /// Checks that each directive is declared, allowed at `location`, used once there unless
    /// repeatable, and given its declared arguments once each with values of their types;
    /// answers whether an `@include`/`@skip` with a constant condition drops the node.
    mutating func checkDirectives(_ directives: [Directive], at location: String) -> Bool {
        var dropped = false
        var used: Set<String> = []
        for directive in directives {
            let name = directive.name.value
            guard let declared = schema.directives[name] else {
                diagnose(directive.location, .unknownDirective(name))
                continue
            }
            if !declared.locations.contains(location) {
                diagnose(directive.location, .misplacedDirective(directive: name, location: location))
            }
            if !used.insert(name).inserted && !declared.isRepeatable {
                diagnose(directive.location, .repeatedDirective(name))
            }
            // Free-form arguments, checked where they are read (`compileFragmentVariables`,
            // `compileSpreadArguments`).
            if name != ClientDirective.argumentDefinitions && name != ClientDirective.arguments {
                inClientDirective = ClientDirective.names.contains(name)
                _ = checkArguments(directive.arguments, declared: declared.arguments, of: "@" + name,
                                   at: directive.location)
                inClientDirective = false
            }
            if name == "include" || name == "skip" {
                guard case .bool(let condition)? = argumentConstant(directive, "if") else {
                    diagnose(directive.location, .unsupported("@\(name) with a variable condition"))
                    continue
                }
                if condition != (name == "include") { dropped = true }
            }
        }
        return dropped
    }

    /// Compiles the arguments of a field or directive (`owner`, as messages name it): each
    /// declared, given once, of its type; every non-null one without a default present.
    mutating func checkArguments(_ arguments: [Argument], declared: [String: SchemaArgument], of owner: String,
                                 at location: SourceLocation) -> [String: ArgumentValue] {
        var values: [String: ArgumentValue] = [:]
        for argument in arguments {
            let name = argument.name.value
            guard let schemaArgument = declared[name] else {
                diagnose(argument.name.location, .unknownArgument(argument: name, field: owner))
                continue
            }
            guard values[name] == nil else {
                diagnose(argument.name.location, .duplicateArgument(argument: name, field: owner))
                continue
            }
            values[name] = argumentValue(argument.value, expected: schemaArgument.type,
                                         hasDefault: schemaArgument.hasDefault, argument: name)
        }
        for schemaArgument in declared.values.sorted(by: { $0.name < $1.name })
        where schemaArgument.type.isNonNull && !schemaArgument.hasDefault && values[schemaArgument.name] == nil {
            diagnose(location, .missingArgument(argument: schemaArgument.name, field: owner))
        }
        return values
    }

    /// The constant value of `argument` of `directive`, if written.
    func argumentConstant(_ directive: Directive, _ argument: String) -> JSONValue? {
        directive.arguments.first { $0.name.value == argument }.flatMap { Self.constant($0.value) }
    }

    /// `@required(action:)` among `directives` (a value of the wrong type was diagnosed by
    /// `checkDirectives`; it reads as the default).
    func requiredAction(_ directives: [Directive]) -> RequiredAction? {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.required }) else { return nil }
        guard case .string(let raw)? = argumentConstant(directive, "action") else { return RequiredAction.none }
        return RequiredAction(rawValue: raw) ?? RequiredAction.none
    }

    /// `@catch(to:)` among `directives` (as `requiredAction`, a wrong value reads as the default).
    func catchTarget(_ directives: [Directive]) -> CatchTarget? {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.catch }) else { return nil }
        guard case .string(let raw)? = argumentConstant(directive, "to") else { return .result }
        return CatchTarget(rawValue: raw) ?? .result
    }

    /// `@expires(seconds:)` among `directives`: a constant, not negative (a missing or
    /// mistyped value was diagnosed by `checkDirectives`).
    mutating func expiresSeconds(_ directives: [Directive]) -> Int? {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.expires }),
              let argument = directive.arguments.first(where: { $0.name.value == "seconds" }) else { return nil }
        switch argument.value {
        case .int:
            guard case .int(let seconds)? = Self.constant(argument.value), seconds >= 0 else {
                diagnose(argument.value.location, .invalidValue(argument: "seconds", expected: "non-negative Int"))
                return nil
            }
            return seconds
        case .variable:
            diagnose(argument.value.location, .unsupported("@expires with a variable"))
            return nil
        case .float, .string, .boolean, .null, .enum, .list, .object:
            return nil
        }
    }
}
