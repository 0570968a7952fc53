// `extend` forms. Each must add something (directives, members, interfaces); an empty
// extension is rejected at the token after it, as in graphql-core. `extend directive @d`
// can only add directives.

extension Parser {
    mutating func parseTypeSystemExtension() throws(SyntaxError) -> Definition {
        let keywordToken = try peekNext()
        let start = token
        switch keyword(keywordToken) {
        case "schema":
            try advance(times: 2)
            let directives = try parseDirectives(const: true)
            let operationTypes = try optionalMany(.braceL, .braceR) { (p: inout Parser) throws(SyntaxError) in
                try p.parseOperationTypeDefinition()
            }
            if directives.isEmpty, operationTypes.isEmpty { throw unexpected(token) }
            return .schemaExtension(SchemaExtension(directives: directives, operationTypes: operationTypes,
                                                    location: location(from: start)))
        case "scalar":
            try advance(times: 2)
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            if directives.isEmpty { throw unexpected(token) }
            return .scalarTypeExtension(ScalarTypeExtension(name: name, directives: directives,
                                                            location: location(from: start)))
        case "type":
            try advance(times: 2)
            let body = try parseFieldedTypeBody()
            if body.interfaces.isEmpty, body.directives.isEmpty, body.fields.isEmpty { throw unexpected(token) }
            return .objectTypeExtension(ObjectTypeExtension(name: body.name, interfaces: body.interfaces,
                                                            directives: body.directives, fields: body.fields,
                                                            location: location(from: start)))
        case "interface":
            try advance(times: 2)
            let body = try parseFieldedTypeBody()
            if body.interfaces.isEmpty, body.directives.isEmpty, body.fields.isEmpty { throw unexpected(token) }
            return .interfaceTypeExtension(InterfaceTypeExtension(name: body.name, interfaces: body.interfaces,
                                                                  directives: body.directives, fields: body.fields,
                                                                  location: location(from: start)))
        case "union":
            try advance(times: 2)
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let types = try parseUnionMemberTypes()
            if directives.isEmpty, types.isEmpty { throw unexpected(token) }
            return .unionTypeExtension(UnionTypeExtension(name: name, directives: directives, types: types,
                                                          location: location(from: start)))
        case "enum":
            try advance(times: 2)
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let values = try parseEnumValuesDefinition()
            if directives.isEmpty, values.isEmpty { throw unexpected(token) }
            return .enumTypeExtension(EnumTypeExtension(name: name, directives: directives, values: values,
                                                        location: location(from: start)))
        case "input":
            try advance(times: 2)
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let fields = try parseInputFieldsDefinition()
            if directives.isEmpty, fields.isEmpty { throw unexpected(token) }
            return .inputObjectTypeExtension(InputObjectTypeExtension(name: name, directives: directives,
                                                                      fields: fields, location: location(from: start)))
        case "directive":
            try advance(times: 2)
            try expect(.at)
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            if directives.isEmpty { throw unexpected(token) }
            return .directiveExtension(DirectiveExtension(name: name, directives: directives,
                                                          location: location(from: start)))
        default:
            throw unexpected(keywordToken)
        }
    }

    /// Consumes `extend` and its keyword.
    private mutating func advance(times count: Int) throws(SyntaxError) {
        for _ in 0..<count { try advance() }
    }
}
