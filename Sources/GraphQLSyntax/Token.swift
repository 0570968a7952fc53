/// The kinds of lexical token, with graphql-core's names for them in messages.
public enum TokenKind: UInt8, Sendable, CustomStringConvertible {
    /// The end of the document.
    case endOfFile
    /// Punctuators: `! $ & ( ) ... : = @`.
    case bang, dollar, ampersand, parenL, parenR, spread, colon, equals, at
    /// Punctuators: `[ ] { | }`.
    case bracketL, bracketR, braceL, pipe, braceR
    /// Names, numbers and strings: the tokens that carry a value.
    case name, int, float, string, blockString

    /// How graphql-core names the kind in an error message: punctuators quoted.
    public var description: String {
        switch self {
        case .endOfFile: "<EOF>"
        case .bang: "'!'"
        case .dollar: "'$'"
        case .ampersand: "'&'"
        case .parenL: "'('"
        case .parenR: "')'"
        case .spread: "'...'"
        case .colon: "':'"
        case .equals: "'='"
        case .at: "'@'"
        case .bracketL: "'['"
        case .bracketR: "']'"
        case .braceL: "'{'"
        case .pipe: "'|'"
        case .braceR: "'}'"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// One lexical token: its kind and where it is. Values are read from the source bytes
/// only when the parser needs them, so lexing allocates nothing.
struct Token {
    var kind: TokenKind
    /// For strings: whether an escape sequence occurs, so the value needs cooking.
    var hasEscape: Bool
    /// Byte range in the source.
    var start: Int
    var end: Int
    /// 1-based line and column (in Unicode scalars) of `start`.
    var line: Int
    var column: Int
}
