extension SyntaxError {
    /// Why a document was rejected. `description` is graphql-core 3.3's message text
    /// (without its `Syntax Error: ` prefix).
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A character that starts no token; nil means the end of the file.
        case unexpectedCharacter(Unicode.Scalar?)
        /// `'`, which GraphQL does not use for strings.
        case unexpectedSingleQuote
        /// Bytes that are not well-formed UTF-8; the first offending byte.
        case invalidUTF8(UInt8)
        /// A digit right after a leading `0` (`01`).
        case unexpectedDigitAfterZero(Unicode.Scalar)
        /// `..`, one dot short of a spread.
        case incompleteSpread
        /// A number written from its `.` (`.5`); the digits after the dot.
        case fractionWithoutInteger(digits: String)
        /// A number missing its digits (`1.`, `-`, `1e`) or followed by a name
        /// character or `.` (`1a`, `1.5.`); nil means the end of the file.
        case expectedDigit(found: Unicode.Scalar?)
        /// A string with no closing quote on its line (or block string in the file).
        case unterminatedString
        /// A `\u` escape that is malformed or names no Unicode scalar; the escape as written.
        case invalidUnicodeEscape(String)
        /// A `\` followed by a character that is no escape; the escape as written.
        case invalidEscape(String)
        /// The parser needed a token of one kind and found another.
        case expectedToken(TokenKind, found: FoundToken)
        /// The parser needed a keyword (`on`, `fragment`, ...) and found something else.
        case expectedKeyword(String, found: FoundToken)
        /// A token that cannot occur here.
        case unexpectedToken(FoundToken)
        /// A description before something that cannot have one (an extension, an unknown
        /// definition).
        case unexpectedDescription
        /// A description before the shorthand query `{ ... }`, which has nowhere to keep it
        /// (`query { ... }` can have one).
        case descriptionOnShorthandQuery
        /// `$name` inside a constant value (a default value or a type-system directive).
        case variableInConstantValue(String)
        /// `true`, `false` or `null` used as an enum value name.
        case reservedEnumValue(FoundToken)
        /// Selection sets, values or types nested deeper than the parser's limit.
        case nestingTooDeep(limit: Int)
        /// A source of 4 GiB or more, past what locations can express.
        case sourceTooLarge

        /// graphql-core's message for the reason.
        public var description: String {
            switch self {
            case .unexpectedCharacter(let scalar):
                "Unexpected character: \(Self.describe(scalar))."
            case .unexpectedSingleQuote:
                "Unexpected single quote character ('), did you mean to use a double quote (\")?"
            case .invalidUTF8(let byte):
                "Invalid UTF-8 sequence starting with byte 0x\(Self.hex(UInt32(byte), width: 2))."
            case .unexpectedDigitAfterZero(let scalar):
                "Invalid number, unexpected digit after 0: \(Self.describe(scalar))."
            case .incompleteSpread:
                "Unexpected '..', did you mean '...'?"
            case .fractionWithoutInteger(let digits):
                "Invalid number, expected digit before '.', did you mean '0.\(digits)'?"
            case .expectedDigit(let scalar):
                "Invalid number, expected digit but got: \(Self.describe(scalar))."
            case .unterminatedString:
                "Unterminated string."
            case .invalidUnicodeEscape(let text):
                "Invalid Unicode escape sequence: '\(text)'."
            case .invalidEscape(let text):
                "Invalid character escape sequence: '\(text)'."
            case .expectedToken(let kind, let found):
                "Expected \(kind), found \(found)."
            case .expectedKeyword(let keyword, let found):
                "Expected '\(keyword)', found \(found)."
            case .unexpectedToken(let found):
                "Unexpected \(found)."
            case .unexpectedDescription:
                "Unexpected description, only GraphQL definitions support descriptions."
            case .descriptionOnShorthandQuery:
                "Unexpected description, descriptions are not supported on shorthand queries."
            case .variableInConstantValue(let name):
                "Unexpected variable '$\(name)' in constant value."
            case .reservedEnumValue(let found):
                "\(found) is reserved and cannot be used for an enum value."
            case .nestingTooDeep(let limit):
                "Document nests deeper than \(limit) levels."
            case .sourceTooLarge:
                "Document is 4 GiB or larger."
            }
        }

        /// graphql-core's rendering of a code point: printable ASCII quoted, else `U+XXXX`.
        private static func describe(_ scalar: Unicode.Scalar?) -> String {
            guard let scalar else { return "<EOF>" }
            if (0x20...0x7E).contains(scalar.value) {
                return scalar == "\"" ? "'\"'" : "'\(scalar)'"
            }
            return "U+" + hex(scalar.value, width: 4)
        }

        private static func hex(_ value: UInt32, width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }

    /// A token as an error message names it: its kind, and its value for names,
    /// numbers and strings (`Name 'foo'`, `'}'`, `<EOF>`).
    public struct FoundToken: Hashable, Sendable, CustomStringConvertible {
        /// The token's kind.
        public let kind: TokenKind
        /// The token's value, for kinds that have one.
        public let value: String?

        /// `Kind 'value'`, or the kind alone.
        public var description: String {
            guard let value else { return kind.description }
            return "\(kind) '\(value)'"
        }
    }
}
