import Foundation

/// Checks JSON text before `JSONDecoder` reads it: a syntax error gets its line and column
/// (Foundation's names neither), and arrays and objects may nest `maximumDepth` levels, so
/// decoding, which recurses once a level, fits a 512 KiB thread stack. The check itself
/// keeps its nesting on a list, not the stack.
public enum JSONSyntax {
    /// How deep arrays and objects may nest. A response nests about as deep as its
    /// selection (at most `Compiler.maximumDepth`) plus its custom scalars' JSON; decoding
    /// takes about 4.1 KiB a level in debug builds, so 100 levels stay inside 512 KiB.
    public static let maximumDepth = 100

    /// Decodes `type` from `data` after checking the text.
    /// - Throws: `JSONSyntaxError`, or what `JSONDecoder` throws for text that is JSON but
    ///   not a `type`.
    /// - Complexity: O(size of `data`): one pass of the check, then the decoder's.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try check(data)
        return try JSONDecoder().decode(type, from: data)
    }

    /// Checks that `data` is one JSON value nesting at most `maximumDepth` levels.
    /// - Throws: `JSONSyntaxError` at the first problem.
    /// - Complexity: O(size of `data`), no allocation but the list of open containers.
    public static func check(_ data: Data) throws(JSONSyntaxError) {
        let outcome = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in
                var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
                try scanner.scan()
            }
        }
        try outcome.get()
    }
}

/// The state of one check: the position, where its line starts, and the open containers.
private struct JSONScanner {
    /// What may come next.
    private enum Expected {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// `[` or `{` for each container open at `index`.
    private var open: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte-order mark, which JSONDecoder accepts.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    mutating func scan() throws(JSONSyntaxError) {
        var expected = Expected.value
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                if case .end = expected { return }
                throw failure(.unexpectedEnd)
            }
            let byte = bytes[index]
            switch expected {
            case .value, .valueOrClose:
                if case .valueOrClose = expected, byte == UInt8(ascii: "]") {
                    expected = close()
                } else {
                    expected = try value(startingWith: byte)
                }
            case .key, .keyOrClose:
                if case .keyOrClose = expected, byte == UInt8(ascii: "}") {
                    expected = close()
                } else {
                    guard byte == UInt8(ascii: "\"") else { throw unexpected() }
                    try string()
                    expected = .colon
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw unexpected() }
                index += 1
                expected = .value
            case .commaOrClose:
                let object = open.last == UInt8(ascii: "{")
                if byte == UInt8(ascii: ",") {
                    index += 1
                    expected = object ? .key : .value
                } else if byte == UInt8(ascii: object ? "}" : "]") {
                    expected = close()
                } else {
                    throw unexpected()
                }
            case .end:
                throw unexpected()
            }
        }
    }

    private var afterValue: Expected { open.isEmpty ? .end : .commaOrClose }

    private mutating func close() -> Expected {
        index += 1
        open.removeLast()
        return afterValue
    }

    private mutating func value(startingWith byte: UInt8) throws(JSONSyntaxError) -> Expected {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard open.count < JSONSyntax.maximumDepth else {
                throw failure(.nestingTooDeep(limit: JSONSyntax.maximumDepth))
            }
            open.append(byte)
            index += 1
            return byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        case UInt8(ascii: "t"):
            try literal("true")
        case UInt8(ascii: "f"):
            try literal("false")
        case UInt8(ascii: "n"):
            try literal("null")
        default:
            throw unexpected()
        }
        return afterValue
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// A string from its opening quote.
    private mutating func string() throws(JSONSyntaxError) {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                throw failure(.controlCharacterInString)
            default:
                index += 1
            }
        }
        index = start
        throw failure(.unterminatedString)
    }

    /// An escape from its backslash.
    private mutating func escape() throws(JSONSyntaxError) {
        let next = index + 1
        guard next < bytes.count else { throw failure(.invalidEscape) }
        switch bytes[next] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let digits = (next + 1)..<(next + 5)
            guard digits.upperBound <= bytes.count,
                  digits.allSatisfy({ Self.isHexDigit(bytes[$0]) }) else { throw failure(.invalidEscape) }
            index = digits.upperBound
        default:
            throw failure(.invalidEscape)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else if try digits(from: start) == 0 {
            return
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            _ = try digits(from: start)
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            _ = try digits(from: start)
        }
    }

    /// One or more digits, else an invalid number located at `start`.
    private mutating func digits(from start: Int) throws(JSONSyntaxError) -> Int {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > first else {
            index = start
            throw failure(.invalidNumber)
        }
        return index - first
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let word = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count {
            guard index + offset < bytes.count else {
                index += offset
                throw failure(.unexpectedEnd)
            }
            guard bytes[index + offset] == word[offset] else {
                index += offset
                throw unexpected()
            }
        }
        index += count
    }

    /// The character at `index`, quoted, as an unexpected one.
    private func unexpected() -> JSONSyntaxError {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return failure(.unexpectedCharacter("'\(character)'"))
    }

    /// `reason` at `index`: the column counts the scalars (UTF-8 lead bytes) before it.
    private func failure(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        let column = bytes[lineStart..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
