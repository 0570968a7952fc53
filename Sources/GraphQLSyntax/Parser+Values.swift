// Arguments, values, directives and type references.

extension Parser {
    mutating func parseArguments(const: Bool) throws(SyntaxError) -> [Argument] {
        try optionalMany(.parenL, .parenR) { (p: inout Parser) throws(SyntaxError) in
            let start = p.token
            let name = try p.parseName()
            try p.expect(.colon)
            let value = try p.parseValue(const: const)
            return Argument(name: name, value: value, location: p.location(from: start))
        }
    }

    /// A value literal; `const` rejects variables (default values, SDL directives).
    ///
    /// Lists and objects recurse through here, so this frame stays small: the cases that
    /// build a leaf live in `parseLeafValue`, whose frame is left before any recursion
    /// (in debug builds one frame holding every case took 9.6 KiB a level of nesting). The
    /// three helpers are never inlined: folded into one frame by a release build, a level of
    /// list took 4.2 KiB (0.9 KiB apart; a 512 KiB thread at 100 levels: 437 KiB used, 86).
    mutating func parseValue(const: Bool) throws(SyntaxError) -> Value {
        switch token.kind {
        case .bracketL: return .list(try parseListValue(const: const))
        case .braceL: return .object(try parseObjectValue(const: const))
        case .int, .float, .string, .blockString, .name, .dollar, .endOfFile, .bang, .ampersand, .parenL,
             .parenR, .spread, .colon, .equals, .at, .bracketR, .pipe, .braceR:
            return try parseLeafValue(const: const)
        }
    }

    @inline(never)
    private mutating func parseListValue(const: Bool) throws(SyntaxError) -> ListValue {
        let start = token
        try descend()
        defer { ascend() }
        let values = try any(.bracketL, .bracketR) { (p: inout Parser) throws(SyntaxError) in
            try p.parseValue(const: const)
        }
        return ListValue(values: values, location: location(from: start))
    }

    @inline(never)
    private mutating func parseObjectValue(const: Bool) throws(SyntaxError) -> ObjectValue {
        let start = token
        try descend()
        defer { ascend() }
        let fields = try any(.braceL, .braceR) { (p: inout Parser) throws(SyntaxError) in
            try p.parseObjectField(const: const)
        }
        return ObjectValue(fields: fields, location: location(from: start))
    }

    /// Any value but a list or an object.
    @inline(never)
    private mutating func parseLeafValue(const: Bool) throws(SyntaxError) -> Value {
        let start = token
        switch start.kind {
        case .int:
            try advance()
            return .int(IntValue(value: lexer.string(start.start..<start.end), location: location(from: start)))
        case .float:
            try advance()
            return .float(FloatValue(value: lexer.string(start.start..<start.end), location: location(from: start)))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            switch keyword(start) {
            case "true": return .boolean(BooleanValue(value: true, location: location(from: start)))
            case "false": return .boolean(BooleanValue(value: false, location: location(from: start)))
            case "null": return .null(NullValue(location: location(from: start)))
            default: return .enum(EnumValue(value: lexer.string(start.start..<start.end), location: location(from: start)))
            }
        case .dollar:
            guard const else { return .variable(try parseVariable()) }
            try advance()
            if token.kind == .name {
                throw error(.variableInConstantValue(lexer.string(token.start..<token.end)), at: start)
            }
            throw unexpected(start)
        case .endOfFile, .bang, .ampersand, .parenL, .parenR, .spread, .colon, .equals, .at,
             .bracketL, .bracketR, .pipe, .braceL, .braceR:
            throw unexpected(start)
        }
    }

    private mutating func parseObjectField(const: Bool) throws(SyntaxError) -> ObjectField {
        let start = token
        let name = try parseName()
        try expect(.colon)
        let value = try parseValue(const: const)
        return ObjectField(name: name, value: value, location: location(from: start))
    }

    mutating func parseStringLiteral() throws(SyntaxError) -> StringValue {
        let start = token
        try advance()
        return StringValue(value: try lexer.stringValue(of: start), block: start.kind == .blockString,
                           location: location(from: start))
    }

    mutating func parseDirectives(const: Bool) throws(SyntaxError) -> [Directive] {
        var directives: [Directive] = []
        while peek(.at) {
            let start = token
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(const: const)
            directives.append(Directive(name: name, arguments: arguments, location: location(from: start)))
        }
        return directives
    }

    /// `Name`, `[Type]` or either followed by `!`.
    mutating func parseTypeReference() throws(SyntaxError) -> TypeReference {
        let start = token
        var type: TypeReference
        if peek(.bracketL) {
            try descend()
            defer { ascend() }
            try advance()
            let inner = try parseTypeReference()
            try expect(.bracketR)
            type = .list(ListType(type: inner, location: location(from: start)))
        } else {
            type = .named(try parseNamedType())
        }
        if try expectOptional(.bang) {
            return .nonNull(NonNullType(type: type, location: location(from: start)))
        }
        return type
    }

    mutating func parseNamedType() throws(SyntaxError) -> NamedType {
        let start = token
        let name = try parseName()
        return NamedType(name: name, location: location(from: start))
    }
}
