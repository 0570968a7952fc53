/// The recursive-descent parser's state: the lexer, the current token and one token of
/// lookahead, as graphql-core's `Parser` keeps them. Callers use `parse(_:)`.
///
/// Lexing is lazy and one token ahead, so when a document has both a parse error and a
/// later lexical error, the first is reported, as in graphql-core.
struct Parser {
    /// How deep selection sets, list and object values and list types may nest. Real
    /// documents stay under 30; 100 keeps the parser's recursion inside a 512 KiB thread
    /// stack (a secondary thread's on Apple platforms) in debug builds, where a level of
    /// inline fragment takes about 4.3 KiB, of selection set 3.5 KiB, of object value
    /// 2.8 KiB and of list value 1.7 KiB (a 512 KiB test thread at 110 levels: 508, 412,
    /// 337 and 214 KiB used).
    static let maximumDepth = 100

    var lexer: Lexer
    /// The token being looked at.
    private(set) var token: Token
    /// A token read ahead of `token`, when a definition needed to see past a description
    /// or `extend`.
    private var lookahead: Token?
    /// End offset of the last token consumed, where a node being built ends.
    private(set) var lastEnd = 0
    private var depth = 0
    /// Significant tokens consumed so far.
    private(set) var tokenCount = 0

    init(lexer: Lexer) throws(SyntaxError) {
        self.lexer = lexer
        token = try self.lexer.next()
    }

    // MARK: - Tokens

    mutating func advance() throws(SyntaxError) {
        lastEnd = token.end
        tokenCount += 1
        if let next = lookahead {
            token = next
            lookahead = nil
        } else {
            token = try lexer.next()
        }
    }

    /// The token after `token`, without consuming anything.
    mutating func peekNext() throws(SyntaxError) -> Token {
        if let lookahead { return lookahead }
        let next = try lexer.next()
        lookahead = next
        return next
    }

    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of `kind`, or fails at the current token.
    @discardableResult
    mutating func expect(_ kind: TokenKind) throws(SyntaxError) -> Token {
        let current = token
        guard current.kind == kind else {
            throw error(.expectedToken(kind, found: found(current)), at: current)
        }
        try advance()
        return current
    }

    /// Consumes a token of `kind` if it is next.
    mutating func expectOptional(_ kind: TokenKind) throws(SyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(SyntaxError) {
        guard isKeyword(token, keyword) else {
            throw error(.expectedKeyword(keyword.description, found: found(token)), at: token)
        }
        try advance()
    }

    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(SyntaxError) -> Bool {
        guard isKeyword(token, keyword) else { return false }
        try advance()
        return true
    }

    /// Whether `token` is a name spelled `keyword`, compared as bytes.
    func isKeyword(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let spelled = UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)
        return UnsafeBufferPointer(rebasing: lexer.bytes[token.start..<token.end]).elementsEqual(spelled)
    }

    // MARK: - Errors and locations

    func error(_ reason: SyntaxError.Reason, at token: Token) -> SyntaxError {
        SyntaxError(reason: reason, offset: token.start, line: token.line, in: lexer.bytes, sourceName: lexer.sourceName)
    }

    func unexpected(_ token: Token) -> SyntaxError {
        error(.unexpectedToken(found(token)), at: token)
    }

    /// The token as a message names it, with its value when it has one.
    func found(_ token: Token) -> SyntaxError.FoundToken {
        let value: String? = switch token.kind {
        case .name, .int, .float: lexer.string(token.start..<token.end)
        case .string, .blockString: try? lexer.stringValue(of: token)
        case .endOfFile, .bang, .dollar, .ampersand, .parenL, .parenR, .spread, .colon,
             .equals, .at, .bracketL, .bracketR, .braceL, .pipe, .braceR: nil
        }
        return SyntaxError.FoundToken(kind: token.kind, value: value)
    }

    /// From the start of `start` to the end of the last token consumed.
    func location(from start: Token) -> SourceLocation {
        SourceLocation(start: start.start, end: lastEnd, line: start.line, column: start.column)
    }

    /// Enters one level of nesting, failing at the current token past the limit.
    mutating func descend() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error(.nestingTooDeep(limit: Self.maximumDepth), at: token)
        }
    }

    mutating func ascend() { depth -= 1 }

    // MARK: - Lists

    /// `open item+ close`: at least one item.
    mutating func many<T>(_ open: TokenKind, _ close: TokenKind,
                          _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        try expect(open)
        var items = [try item(&self)]
        while try !expectOptional(close) {
            items.append(try item(&self))
        }
        return items
    }

    /// `(open item+ close)?`: empty only when `open` is absent.
    mutating func optionalMany<T>(_ open: TokenKind, _ close: TokenKind,
                                  _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        guard token.kind == open else { return [] }
        return try many(open, close, item)
    }

    /// `open item* close`: possibly empty.
    mutating func any<T>(_ open: TokenKind, _ close: TokenKind,
                         _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        try expect(open)
        var items: [T] = []
        while try !expectOptional(close) {
            items.append(try item(&self))
        }
        return items
    }

    /// `delimiter? item (delimiter item)*`.
    mutating func delimitedMany<T>(_ delimiter: TokenKind,
                                   _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        _ = try expectOptional(delimiter)
        var items: [T] = []
        repeat {
            items.append(try item(&self))
        } while try expectOptional(delimiter)
        return items
    }

    // MARK: - Names

    mutating func parseName() throws(SyntaxError) -> Name {
        let nameToken = try expect(.name)
        return Name(value: lexer.string(nameToken.start..<nameToken.end), location: location(from: nameToken))
    }

    /// The string before a definition, an operation, a fragment or a variable definition.
    mutating func parseDescription() throws(SyntaxError) -> StringValue? {
        peek(.string) || peek(.blockString) ? try parseStringLiteral() : nil
    }
}
