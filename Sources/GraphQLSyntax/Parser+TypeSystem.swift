// Type-system definitions (SDL).

extension Parser {
    mutating func parseSchemaDefinition() throws(SyntaxError) -> SchemaDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(const: true)
        let operationTypes = try many(.braceL, .braceR) { (p: inout Parser) throws(SyntaxError) in
            try p.parseOperationTypeDefinition()
        }
        return SchemaDefinition(description: description, directives: directives,
                                operationTypes: operationTypes, location: location(from: start))
    }

    mutating func parseOperationTypeDefinition() throws(SyntaxError) -> OperationTypeDefinition {
        let start = token
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, location: location(from: start))
    }

    mutating func parseScalarTypeDefinition() throws(SyntaxError) -> ScalarTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        return ScalarTypeDefinition(description: description, name: name, directives: directives,
                                    location: location(from: start))
    }

    mutating func parseObjectTypeDefinition() throws(SyntaxError) -> ObjectTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("type")
        let body = try parseFieldedTypeBody()
        return ObjectTypeDefinition(description: description, name: body.name, interfaces: body.interfaces,
                                    directives: body.directives, fields: body.fields, location: location(from: start))
    }

    mutating func parseInterfaceTypeDefinition() throws(SyntaxError) -> InterfaceTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("interface")
        let body = try parseFieldedTypeBody()
        return InterfaceTypeDefinition(description: description, name: body.name, interfaces: body.interfaces,
                                       directives: body.directives, fields: body.fields, location: location(from: start))
    }

    /// What object and interface types, and their extensions, share after their keyword:
    /// `Name implements A & B @directives { fields }`.
    mutating func parseFieldedTypeBody() throws(SyntaxError)
        -> (name: Name, interfaces: [NamedType], directives: [Directive], fields: [FieldDefinition]) {
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(const: true)
        let fields = try parseFieldsDefinition()
        return (name, interfaces, directives, fields)
    }

    /// `implements A & B`, with an optional leading `&`; empty without `implements`.
    private mutating func parseImplementsInterfaces() throws(SyntaxError) -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try delimitedMany(.ampersand) { (p: inout Parser) throws(SyntaxError) in try p.parseNamedType() }
    }

    private mutating func parseFieldsDefinition() throws(SyntaxError) -> [FieldDefinition] {
        try optionalMany(.braceL, .braceR) { (p: inout Parser) throws(SyntaxError) in
            let start = p.token
            let description = try p.parseDescription()
            let name = try p.parseName()
            let arguments = try p.parseArgumentDefinitions()
            try p.expect(.colon)
            let type = try p.parseTypeReference()
            let directives = try p.parseDirectives(const: true)
            return FieldDefinition(description: description, name: name, arguments: arguments, type: type,
                                   directives: directives, location: p.location(from: start))
        }
    }

    private mutating func parseArgumentDefinitions() throws(SyntaxError) -> [InputValueDefinition] {
        try optionalMany(.parenL, .parenR) { (p: inout Parser) throws(SyntaxError) in try p.parseInputValueDefinition() }
    }

    mutating func parseInputFieldsDefinition() throws(SyntaxError) -> [InputValueDefinition] {
        try optionalMany(.braceL, .braceR) { (p: inout Parser) throws(SyntaxError) in try p.parseInputValueDefinition() }
    }

    private mutating func parseInputValueDefinition() throws(SyntaxError) -> InputValueDefinition {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(const: true) : nil
        let directives = try parseDirectives(const: true)
        return InputValueDefinition(description: description, name: name, type: type, defaultValue: defaultValue,
                                    directives: directives, location: location(from: start))
    }

    mutating func parseUnionTypeDefinition() throws(SyntaxError) -> UnionTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let types = try parseUnionMemberTypes()
        return UnionTypeDefinition(description: description, name: name, directives: directives, types: types,
                                   location: location(from: start))
    }

    /// `= A | B`, with an optional leading `|`; empty without `=`.
    mutating func parseUnionMemberTypes() throws(SyntaxError) -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        return try delimitedMany(.pipe) { (p: inout Parser) throws(SyntaxError) in try p.parseNamedType() }
    }

    mutating func parseEnumTypeDefinition() throws(SyntaxError) -> EnumTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let values = try parseEnumValuesDefinition()
        return EnumTypeDefinition(description: description, name: name, directives: directives, values: values,
                                  location: location(from: start))
    }

    mutating func parseEnumValuesDefinition() throws(SyntaxError) -> [EnumValueDefinition] {
        try optionalMany(.braceL, .braceR) { (p: inout Parser) throws(SyntaxError) in
            let start = p.token
            let description = try p.parseDescription()
            switch p.keyword(p.token) {
            case "true", "false", "null": throw p.error(.reservedEnumValue(p.found(p.token)), at: p.token)
            default: break
            }
            let name = try p.parseName()
            let directives = try p.parseDirectives(const: true)
            return EnumValueDefinition(description: description, name: name, directives: directives,
                                       location: p.location(from: start))
        }
    }

    mutating func parseInputObjectTypeDefinition() throws(SyntaxError) -> InputObjectTypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let fields = try parseInputFieldsDefinition()
        return InputObjectTypeDefinition(description: description, name: name, directives: directives,
                                         fields: fields, location: location(from: start))
    }

    mutating func parseDirectiveDefinition() throws(SyntaxError) -> DirectiveDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let directives = try parseDirectives(const: true)
        let repeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try delimitedMany(.pipe) { (p: inout Parser) throws(SyntaxError) in
            let locationToken = p.token
            let name = try p.parseName()
            guard Self.directiveLocations.contains(name.value) else { throw p.unexpected(locationToken) }
            return name
        }
        return DirectiveDefinition(description: description, name: name, arguments: arguments, directives: directives,
                                   repeatable: repeatable, locations: locations, location: location(from: start))
    }

    /// The `DirectiveLocation` names graphql-core 3.3 accepts: the spec's, with
    /// `DIRECTIVE_DEFINITION` (directives on directive definitions) and
    /// `FRAGMENT_VARIABLE_DEFINITION` (for the experimental fragment variables).
    private static let directiveLocations: Set<String> = [
        "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
        "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "FRAGMENT_VARIABLE_DEFINITION", "SCHEMA", "SCALAR",
        "OBJECT", "FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE",
        "INPUT_OBJECT", "INPUT_FIELD_DEFINITION", "DIRECTIVE_DEFINITION",
    ]
}
