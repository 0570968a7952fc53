// Documents, operations, fragments and selections.

extension Parser {
    mutating func parseDocument() throws(SyntaxError) -> Document {
        // An empty document is an error ("Unexpected <EOF>."), as in graphql-core.
        var definitions = [try parseDefinition()]
        while !peek(.endOfFile) {
            definitions.append(try parseDefinition())
        }
        return Document(definitions: definitions,
                        location: SourceLocation(start: 0, end: lastEnd, line: 1, column: 1))
    }

    /// The spelling of a name token short enough to be a keyword, without allocating
    /// (Swift strings of up to 15 UTF-8 bytes are stored inline).
    func keyword(_ token: Token) -> String? {
        guard token.kind == .name, token.end - token.start <= 15 else { return nil }
        return lexer.string(token.start..<token.end)
    }

    private mutating func parseDefinition() throws(SyntaxError) -> Definition {
        if peek(.braceL) {
            return .operation(try parseOperationDefinition())
        }
        let hasDescription = peek(.string) || peek(.blockString)
        let keywordToken = hasDescription ? try peekNext() : token
        if hasDescription, keywordToken.kind == .braceL {
            throw error(.descriptionOnShorthandQuery, at: token)
        }
        switch keyword(keywordToken) {
        case "schema": return .schema(try parseSchemaDefinition())
        case "scalar": return .scalarType(try parseScalarTypeDefinition())
        case "type": return .objectType(try parseObjectTypeDefinition())
        case "interface": return .interfaceType(try parseInterfaceTypeDefinition())
        case "union": return .unionType(try parseUnionTypeDefinition())
        case "enum": return .enumType(try parseEnumTypeDefinition())
        case "input": return .inputObjectType(try parseInputObjectTypeDefinition())
        case "directive": return .directive(try parseDirectiveDefinition())
        case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
        case "fragment": return .fragment(try parseFragmentDefinition())
        case "extend" where !hasDescription: return try parseTypeSystemExtension()
        default:
            // Any name, however long, after a description: the description is what is wrong.
            if hasDescription, keywordToken.kind == .name { throw error(.unexpectedDescription, at: token) }
            throw unexpected(keywordToken)
        }
    }

    private mutating func parseOperationDefinition() throws(SyntaxError) -> OperationDefinition {
        let start = token
        if peek(.braceL) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(description: nil, operation: .query, name: nil, variableDefinitions: [],
                                       directives: [], selectionSet: selectionSet, location: location(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try optionalMany(.parenL, .parenR) { (p: inout Parser) throws(SyntaxError) in
            try p.parseVariableDefinition()
        }
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(description: description, operation: operation, name: name,
                                   variableDefinitions: variableDefinitions, directives: directives,
                                   selectionSet: selectionSet, location: location(from: start))
    }

    mutating func parseOperationType() throws(SyntaxError) -> OperationType {
        let operationToken = try expect(.name)
        switch keyword(operationToken) {
        case "query": return .query
        case "mutation": return .mutation
        case "subscription": return .subscription
        default: throw unexpected(operationToken)
        }
    }

    private mutating func parseVariableDefinition() throws(SyntaxError) -> VariableDefinition {
        let start = token
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(const: true) : nil
        let directives = try parseDirectives(const: true)
        return VariableDefinition(description: description, variable: variable, type: type,
                                  defaultValue: defaultValue, directives: directives, location: location(from: start))
    }

    mutating func parseVariable() throws(SyntaxError) -> Variable {
        let start = token
        try expect(.dollar)
        let name = try parseName()
        return Variable(name: name, location: location(from: start))
    }

    private mutating func parseSelectionSet() throws(SyntaxError) -> SelectionSet {
        try descend()
        defer { ascend() }
        let start = token
        // `any` written out and the selection parsed in place: the frames of a generic list
        // helper, its closure and a `parseSelection` would each sit on the stack once a level.
        // Possibly empty, as graphql-core 3.3 parses it (`SelectionSet : { Selection* }`).
        try expect(.braceL)
        var selections: [Selection] = []
        while try !expectOptional(.braceR) {
            selections.append(peek(.spread) ? try parseFragment() : .field(try parseField()))
        }
        return SelectionSet(selections: selections, location: location(from: start))
    }

    // Selection sets recurse through the field and the inline fragment, so the parts of
    // each that do not recurse are parsed in functions of their own: in debug builds every
    // temporary of a frame stays on the stack for the whole recursion.

    private mutating func parseField() throws(SyntaxError) -> Field {
        let start = token
        let head = try parseFieldHead()
        let selectionSet = peek(.braceL) ? try parseSelectionSet() : nil
        return Field(alias: head.alias, name: head.name, arguments: head.arguments, directives: head.directives,
                     selectionSet: selectionSet, location: location(from: start))
    }

    /// A fragment spread or an inline fragment, after `...`.
    private mutating func parseFragment() throws(SyntaxError) -> Selection {
        let start = token
        try expect(.spread)
        if !isKeyword(token, "on"), peek(.name) { return .fragmentSpread(try parseFragmentSpread(from: start)) }
        let head = try parseInlineFragmentHead()
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(InlineFragment(typeCondition: head.typeCondition, directives: head.directives,
                                              selectionSet: selectionSet, location: location(from: start)))
    }

    /// `on Type` (optional) and the directives of an inline fragment, in a frame left before
    /// its selection set recurses.
    private mutating func parseInlineFragmentHead() throws(SyntaxError)
        -> (typeCondition: NamedType?, directives: [Directive]) {
        let typeCondition = try expectOptionalKeyword("on") ? try parseNamedType() : nil
        return (typeCondition, try parseDirectives(const: false))
    }

    /// What a field has before its selection set.
    private struct FieldHead {
        let alias: Name?
        let name: Name
        let arguments: [Argument]
        let directives: [Directive]
    }

    /// A field's alias, name, arguments and directives, in a frame left before the field's
    /// selection set recurses.
    private mutating func parseFieldHead() throws(SyntaxError) -> FieldHead {
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        return FieldHead(alias: alias, name: name, arguments: try parseArguments(const: false),
                         directives: try parseDirectives(const: false))
    }

    /// `...Name @directives`, after `...` (`start`).
    private mutating func parseFragmentSpread(from start: Token) throws(SyntaxError) -> FragmentSpread {
        let name = try parseFragmentName()
        let directives = try parseDirectives(const: false)
        return FragmentSpread(name: name, directives: directives, location: location(from: start))
    }

    private mutating func parseFragmentDefinition() throws(SyntaxError) -> FragmentDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(description: description, name: name, typeCondition: typeCondition,
                                  directives: directives, selectionSet: selectionSet, location: location(from: start))
    }

    /// A name other than `on`.
    private mutating func parseFragmentName() throws(SyntaxError) -> Name {
        if isKeyword(token, "on") { throw unexpected(token) }
        return try parseName()
    }
}
