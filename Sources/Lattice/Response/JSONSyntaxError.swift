/// Why `JSONReader` refused JSON text, and where: 1-based line and column (in
/// Unicode scalars), as a text editor counts them. Printed `line L, column C: reason`.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// A character that cannot start or continue what came before it (quoted as written).
        case unexpectedCharacter(String)
        /// The text ended inside a value.
        case unexpectedEnd
        /// Arrays and objects nest deeper than the limit.
        case nestingTooDeep(limit: Int)
        /// A string with no closing quote.
        case unterminatedString
        /// A backslash not followed by one of `"\/bfnrt` or `u` and four hex digits.
        case invalidEscape
        /// A control character (below U+0020) written raw inside a string.
        case controlCharacterInString
        /// A number not in JSON's form (`-`, digits, `.` digits, `e` digits).
        case invalidNumber
        /// A number beyond `Double`'s range, such as `1e400`.
        case numberOutOfRange
        /// Bytes inside a string that are not well-formed UTF-8.
        case invalidUTF8
        /// A `\u` escape of half a surrogate pair without its other half.
        case unpairedSurrogate
    }

    /// 1-based line.
    public let line: Int
    /// 1-based column, in Unicode scalars.
    public let column: Int
    /// What is wrong.
    public let reason: Reason

    public var description: String {
        let what = switch reason {
        case .unexpectedCharacter(let character): "unexpected character \(character)"
        case .unexpectedEnd: "the text ends inside a value"
        case .nestingTooDeep(let limit): "arrays and objects nest deeper than \(limit) levels (the limit)"
        case .unterminatedString: "a string has no closing quote"
        case .invalidEscape: "invalid escape sequence in a string"
        case .controlCharacterInString: "a control character is written raw inside a string"
        case .invalidNumber: "a number is not in JSON's form"
        case .numberOutOfRange: "a number is beyond the range of a Double"
        case .invalidUTF8: "a string holds bytes that are not UTF-8"
        case .unpairedSurrogate: "a \\u escape holds half of a surrogate pair"
        }
        return "line \(line), column \(column): \(what)"
    }
}
