/// Turns UTF-8 bytes into tokens, one at a time, as the parser asks for them.
///
/// Works on an `UnsafeBufferPointer` valid for the parse only. Ignored tokens
/// (whitespace, commas, comments, byte-order marks, line terminators) are skipped here;
/// the parser never sees them. Bytes above 0x7F are decoded only inside strings,
/// comments and byte-order marks, the only places they may occur.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let sourceName: String
    /// Offset of the next byte to read.
    private var position = 0
    /// 1-based line of `position`.
    private(set) var line = 1
    /// Offset where the current line starts.
    private var lineStart = 0
    /// Bytes past the first of each multi-byte scalar on the current line before
    /// `position`, so that columns count scalars without rescanning the line.
    private var lineExtraBytes = 0

    init(bytes: UnsafeBufferPointer<UInt8>, sourceName: String) {
        self.bytes = bytes
        self.sourceName = sourceName
    }

    /// A located error at `offset`, which must be on the lexer's current line.
    func error(_ reason: SyntaxError.Reason, at offset: Int) -> SyntaxError {
        SyntaxError(reason: reason, offset: offset, line: line, in: bytes, sourceName: sourceName)
    }

    /// The next significant token, or an `endOfFile` token (again and again) at the end.
    /// - Complexity: O(bytes up to the end of the token).
    mutating func next() throws(SyntaxError) -> Token {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09, 0x2C: // space, tab, comma
                position += 1
                // Indentation comes in runs.
                while position < bytes.count, bytes[position] == 0x20 { position += 1 }
            case 0x0A:
                position += 1
                startLine()
            case 0x0D:
                position += position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                startLine()
            case 0xEF where position + 2 < bytes.count && bytes[position + 1] == 0xBB && bytes[position + 2] == 0xBF:
                position += 3 // U+FEFF, a byte-order mark: ignored anywhere
                lineExtraBytes += 2
            case UInt8(ascii: "#"):
                try skipComment()
            case UInt8(ascii: "\""):
                if position + 2 < bytes.count, bytes[position + 1] == 0x22, bytes[position + 2] == 0x22 {
                    return try readBlockString()
                }
                return try readString()
            case UInt8(ascii: "!"): return punctuator(.bang)
            case UInt8(ascii: "$"): return punctuator(.dollar)
            case UInt8(ascii: "&"): return punctuator(.ampersand)
            case UInt8(ascii: "("): return punctuator(.parenL)
            case UInt8(ascii: ")"): return punctuator(.parenR)
            case UInt8(ascii: ":"): return punctuator(.colon)
            case UInt8(ascii: "="): return punctuator(.equals)
            case UInt8(ascii: "@"): return punctuator(.at)
            case UInt8(ascii: "["): return punctuator(.bracketL)
            case UInt8(ascii: "]"): return punctuator(.bracketR)
            case UInt8(ascii: "{"): return punctuator(.braceL)
            case UInt8(ascii: "|"): return punctuator(.pipe)
            case UInt8(ascii: "}"): return punctuator(.braceR)
            case UInt8(ascii: "."):
                return try readSpread()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try readNumber()
            case _ where Self.isNameStart(byte):
                return readName()
            case UInt8(ascii: "'"):
                throw error(.unexpectedSingleQuote, at: position)
            default:
                throw error(.unexpectedCharacter(try scalar(at: position)), at: position)
            }
        }
        return make(.endOfFile, from: bytes.count, to: bytes.count)
    }

    // MARK: - Tokens

    func make(_ kind: TokenKind, from start: Int, to end: Int) -> Token {
        Token(kind: kind, hasEscape: false, start: start, end: end,
              line: line, column: start - lineStart - lineExtraBytes + 1)
    }

    private mutating func punctuator(_ kind: TokenKind) -> Token {
        let token = make(kind, from: position, to: position + 1)
        position += 1
        return token
    }

    /// Called with `position` just past a line terminator.
    mutating func startLine() {
        line += 1
        lineStart = position
        lineExtraBytes = 0
    }

    private mutating func skipComment() throws(SyntaxError) {
        position += 1
        while true {
            position = skipPlainText(from: position)
            guard position < bytes.count else { return }
            let byte = bytes[position]
            if byte == 0x0A || byte == 0x0D { return }
            try skipScalar(byte)
        }
    }

    /// Steps over one scalar inside a string or comment, validating UTF-8.
    mutating func skipScalar(_ byte: UInt8) throws(SyntaxError) {
        if byte < 0x80 {
            position += 1
            return
        }
        guard let (_, length) = UTF8Scalar.decode(bytes, at: position) else {
            throw error(.invalidUTF8(byte), at: position)
        }
        position += length
        lineExtraBytes += length - 1
    }

    /// The scalar at `offset` for a message, nil at the end of the file.
    func scalar(at offset: Int) throws(SyntaxError) -> Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        guard let (value, _) = UTF8Scalar.decode(bytes, at: offset), let scalar = Unicode.Scalar(value) else {
            throw error(.invalidUTF8(bytes[offset]), at: offset)
        }
        return scalar
    }

    /// `...`; `..` and a fraction without its integer part (`.5`) get messages of their own.
    private mutating func readSpread() throws(SyntaxError) -> Token {
        if byte(at: position + 1) == UInt8(ascii: ".") {
            guard byte(at: position + 2) == UInt8(ascii: ".") else { throw error(.incompleteSpread, at: position) }
            let token = make(.spread, from: position, to: position + 3)
            position += 3
            return token
        }
        var end = position + 1
        while Self.isDigit(byte(at: end)) { end += 1 }
        guard end > position + 1 else { throw error(.unexpectedCharacter("."), at: position) }
        throw error(.fractionWithoutInteger(digits: string(position + 1..<end)), at: position)
    }

    // MARK: - Names and numbers

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func readName() -> Token {
        let start = position
        position += 1
        while position < bytes.count, Self.isNameContinue(bytes[position]) {
            position += 1
        }
        return make(.name, from: start, to: position)
    }

    /// `[_0-9A-Za-z]` as one bit test: bits 48-57 (digits) of the low word, bits 1-26
    /// (`A`-`Z`), 31 (`_`) and 33-58 (`a`-`z`) of the high word.
    private static func isNameContinue(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte - 64) & 1 != 0
    }

    /// The byte at `offset`, or 0 past the end (0 is neither digit, sign nor name start).
    func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    /// IntValue or FloatValue; a number may not be followed by `.` or a name start.
    private mutating func readNumber() throws(SyntaxError) -> Token {
        let start = position
        var isFloat = false
        if byte(at: position) == UInt8(ascii: "-") { position += 1 }
        if byte(at: position) == UInt8(ascii: "0") {
            position += 1
            if Self.isDigit(byte(at: position)) {
                throw error(.unexpectedDigitAfterZero(Unicode.Scalar(byte(at: position))), at: position)
            }
        } else {
            try readDigits()
        }
        if byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            try readDigits()
        }
        if byte(at: position) | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            try readDigits()
        }
        let next = byte(at: position)
        if next == UInt8(ascii: ".") || Self.isNameStart(next) {
            throw error(.expectedDigit(found: Unicode.Scalar(next)), at: position)
        }
        return make(isFloat ? .float : .int, from: start, to: position)
    }

    private mutating func readDigits() throws(SyntaxError) {
        guard Self.isDigit(byte(at: position)) else {
            throw error(.expectedDigit(found: try scalar(at: position)), at: position)
        }
        position += 1
        while Self.isDigit(byte(at: position)) { position += 1 }
    }

    // MARK: - Strings

    private mutating func readString() throws(SyntaxError) -> Token {
        let start = position
        // Located before the loop moves `lineExtraBytes` past the string's own scalars.
        var token = make(.string, from: start, to: start)
        position += 1
        while true {
            position = skipPlainText(from: position)
            guard position < bytes.count else { break }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                token.end = position
                return token
            case UInt8(ascii: "\\"):
                token.hasEscape = true
                position += try escape(at: position).length
            case 0x0A, 0x0D:
                throw error(.unterminatedString, at: position)
            default:
                try skipScalar(byte)
            }
        }
        throw error(.unterminatedString, at: position)
    }

    private mutating func readBlockString() throws(SyntaxError) -> Token {
        let start = position
        var token = make(.blockString, from: start, to: start)
        position += 3
        while true {
            position = skipPlainText(from: position)
            guard position < bytes.count else { break }
            let current = bytes[position]
            switch current {
            case UInt8(ascii: "\"") where isTripleQuote(at: position):
                position += 3
                token.end = position
                return token
            case UInt8(ascii: "\\") where isTripleQuote(at: position + 1):
                token.hasEscape = true
                position += 4
            case 0x0A:
                position += 1
                startLine()
            case 0x0D:
                position += byte(at: position + 1) == 0x0A ? 2 : 1
                startLine()
            default:
                try skipScalar(current)
            }
        }
        throw error(.unterminatedString, at: position)
    }

    func isTripleQuote(at offset: Int) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == 0x22 && bytes[offset + 1] == 0x22 && bytes[offset + 2] == 0x22
    }
}
