import Foundation

/// Reads JSON text (RFC 8259, UTF-8) into a `JSONValue`, strictly and in one pass.
///
/// Every path that turns bytes into a response starts here (`GraphQLResponse(decoding:)`).
/// What it refuses, with the line and column of the first problem: anything RFC 8259 does not
/// allow (trailing commas, leading zeros, `NaN`, raw control characters in strings, text
/// after the value), bytes that are not UTF-8, `\u` escapes that leave half of a surrogate
/// pair (a Swift `String` cannot hold one), numbers outside `Double`'s range, and arrays and
/// objects nesting deeper than `maximumDepth`. A UTF-8 byte-order mark is skipped.
///
/// Numbers keep their kind as written: an integer that fits `Int` is `.int`, anything with a
/// fraction or an exponent (`40.0`, `1e3`) is `.double`, and so is an integer beyond `Int`'s
/// 64 bits, as the nearest `Double`. Duplicate keys: the last one wins.
public enum JSONReader {
    /// How deep arrays and objects may nest. A response nests about as deep as its selection
    /// (at most `Compiler.maximumDepth`) plus its custom scalars' JSON. The reader recurses
    /// once a level, and so do the walks over the value afterwards; 100 levels fit a 512 KiB
    /// thread stack in debug builds.
    public static let maximumDepth = 100

    /// The value `data` holds.
    /// - Throws: `JSONSyntaxError` at the first problem.
    /// - Complexity: O(size of `data`); one allocation per array and object (their storage)
    ///   and per string longer than 15 UTF-8 bytes, beside scratch space reused throughout.
    public static func value(from data: Data) throws(JSONSyntaxError) -> JSONValue {
        let outcome = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in
                try value(from: raw.bindMemory(to: UInt8.self))
            }
        }
        return try outcome.get()
    }

    /// The value `bytes` hold. - Throws: `JSONSyntaxError` at the first problem.
    /// - Complexity: as `value(from:)` for `Data`.
    public static func value(from bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reading = JSONReading(bytes: bytes)
        return try reading.document()
    }
}

/// The state of one read: the position, where its line starts, how deep it is, and the
/// stacks that hold the members of the containers still open, so that each container is
/// built once, at its size, when it closes.
private struct JSONReading {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// The elements and member values read so far of every open container, innermost last.
    private var values: [JSONValue] = []
    /// The member names read so far of every open object, innermost last.
    private var keys: [String] = []
    /// A string's bytes after its escapes are resolved.
    private var unescaped: [UInt8] = []
    /// Member names read lately, by their bytes: a response repeats a few names thousands of
    /// times, and finding one here costs less than making it a `String` again.
    private var names = [KnownName?](repeating: nil, count: 64)

    /// A member name of at most 16 plain ASCII bytes, held as two words of its bytes.
    private struct KnownName {
        let low: UInt64
        let high: UInt64
        let length: Int
        let text: String
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Room for the members of a few levels of typical objects: the stacks then grow
        // rarely, and each container costs one allocation.
        values.reserveCapacity(64)
        keys.reserveCapacity(32)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    /// One value and nothing after it but whitespace.
    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw unexpected() }
        return value
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw unexpected()
        }
    }

    /// Steps over an opening bracket, one level deeper. It is `true` when the container is
    /// empty: its closing bracket, `close`, comes next and has been stepped over too.
    private mutating func open(closedBy close: UInt8) throws(JSONSyntaxError) -> Bool {
        guard depth < JSONReader.maximumDepth else {
            throw failure(.nestingTooDeep(limit: JSONReader.maximumDepth))
        }
        depth += 1
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member: `true` for a comma (another member follows), `false` for `close`.
    private mutating func separator(closedBy close: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return true
        case close:
            index += 1
            depth -= 1
            return false
        default:
            throw unexpected()
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        if try open(closedBy: UInt8(ascii: "]")) { return .array([]) }
        let first = values.count
        repeat {
            values.append(try value())
        } while try separator(closedBy: UInt8(ascii: "]"))
        let elements = Array(values[first...])
        values.removeSubrange(first...)
        return .array(elements)
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        if try open(closedBy: UInt8(ascii: "}")) { return .object([:]) }
        let firstKey = keys.count
        repeat {
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected() }
            keys.append(try name())
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected() }
            index += 1
            values.append(try value())
        } while try separator(closedBy: UInt8(ascii: "}"))
        // Popped last first, so that the members move out of the stacks; the last of
        // duplicate keys, met first here, is put back when an earlier one displaces it.
        var members = [String: JSONValue](minimumCapacity: keys.count - firstKey)
        while keys.count > firstKey {
            let key = keys.removeLast()
            if let later = members.updateValue(values.removeLast(), forKey: key) { members[key] = later }
        }
        return .object(members)
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

    // MARK: Strings

    /// A string from its opening quote. Without escapes, its bytes become the `String`
    /// directly; the first backslash hands over to `escapedString`.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = index
        index += 1
        let start = index
        while true {
            skipPlainBytes()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                return try escapedString(from: start, quote: quote)
            }
            try character()
        }
        index = quote
        throw failure(.unterminatedString)
    }

    /// A member name from its opening quote: one of `names` when it is short plain ASCII
    /// read before, else a string as any other.
    private mutating func name() throws(JSONSyntaxError) -> String {
        let start = index + 1
        var end = start
        var low: UInt64 = 0
        var high: UInt64 = 0
        while end < bytes.count && end - start < 16 {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let length = end - start
                let slot = Int(truncatingIfNeeded: ((low ^ (high &* 31) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
                index = end + 1
                if let known = names[slot], known.low == low, known.high == high, known.length == length {
                    return known.text
                }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                names[slot] = KnownName(low: low, high: high, length: length, text: text)
                return text
            }
            // Anything but plain ASCII (an escape, a control character, UTF-8) is read and
            // checked as a string is.
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { break }
            let shift = UInt64((end - start) & 7) * 8
            if end - start < 8 { low |= UInt64(byte) << shift } else { high |= UInt64(byte) << shift }
            end += 1
        }
        return try string()
    }

    /// Steps over printable ASCII bytes other than a quote and a backslash, eight at a time
    /// while a word of eight holds nothing else (the classic bit tricks for "has a zero
    /// byte", "has a byte below n"; a false alarm only sends the rest to the byte loop).
    private mutating func skipPlainBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                let special = ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                    | ((word &- ones &* 0x20) & ~word) | word
                guard special & highs == 0 else { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return }
            index += 1
        }
    }

    /// The rest of a string that has an escape at `index`; `start` is its first byte.
    private mutating func escapedString(from start: Int, quote: Int) throws(JSONSyntaxError) -> String {
        unescaped.removeAll(keepingCapacity: true)
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: unescaped, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                try escape()
            } else {
                let first = index
                skipPlainBytes()
                if index == first { try character() }
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<index]))
            }
        }
        index = quote
        throw failure(.unterminatedString)
    }

    /// Steps over one character of a string that is not a quote or a backslash: a control
    /// character is refused, and a multi-byte one must be well-formed UTF-8 (Unicode's
    /// table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF).
    private mutating func character() throws(JSONSyntaxError) {
        let lead = bytes[index]
        if lead >= 0x20 && lead < 0x80 {
            index += 1
            return
        }
        if lead < 0x20 { throw failure(.controlCharacterInString) }
        let (count, second): (Int, ClosedRange<UInt8>) = switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
        guard count > 0, index + count <= bytes.count, second.contains(bytes[index + 1]),
              (2..<count).allSatisfy({ (0x80...0xBF).contains(bytes[index + $0]) }) else {
            throw failure(.invalidUTF8)
        }
        index += count
    }

    /// An escape from its backslash, appended to `unescaped`.
    private mutating func escape() throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else { throw failure(.invalidEscape) }
        let resolved: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): resolved = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): resolved = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): resolved = UInt8(ascii: "/")
        case UInt8(ascii: "b"): resolved = 0x08
        case UInt8(ascii: "f"): resolved = 0x0C
        case UInt8(ascii: "n"): resolved = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): resolved = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): resolved = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            UTF8.encode(try escapedScalar()) { unescaped.append($0) }
            return
        default: throw failure(.invalidEscape)
        }
        unescaped.append(resolved)
        index += 2
    }

    /// A `\uXXXX` escape at `index`, or two of them for a scalar past U+FFFF.
    private mutating func escapedScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try codeUnit(at: index)
        switch unit {
        case 0xD800...0xDBFF:
            let low = index + 6
            guard low + 1 < bytes.count, bytes[low] == UInt8(ascii: "\\"), bytes[low + 1] == UInt8(ascii: "u") else {
                throw failure(.unpairedSurrogate)
            }
            let trail = try codeUnit(at: low)
            guard (0xDC00...0xDFFF).contains(trail) else { throw failure(.unpairedSurrogate) }
            index += 12
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        case 0xDC00...0xDFFF:
            throw failure(.unpairedSurrogate)
        default:
            index += 6
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        }
    }

    /// The four hex digits after the `\u` at `escape`.
    private func codeUnit(at escape: Int) throws(JSONSyntaxError) -> UInt16 {
        guard escape + 6 <= bytes.count else { throw failure(.invalidEscape) }
        var unit: UInt16 = 0
        for offset in 2..<6 {
            let byte = bytes[escape + offset]
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw failure(.invalidEscape)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    // MARK: Numbers and literals

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, located at its first byte
    /// when malformed or out of range.
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits(from: start)
        }
        var integral = true
        if peek(UInt8(ascii: ".")) {
            integral = false
            index += 1
            try digits(from: start)
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            integral = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            try digits(from: start)
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if integral, let integer = Self.integer(text, negative: negative) { return .int(integer) }
        if let double = Self.exactDouble(text) { return .double(double) }
        guard let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else {
            index = start
            throw failure(.numberOutOfRange)
        }
        return .double(double)
    }

    /// The integer `text` spells, or `nil` past `Int`'s range. Negative numbers accumulate
    /// downwards so that `Int.min` fits.
    private static func integer(_ text: UnsafeBufferPointer<UInt8>, negative: Bool) -> Int? {
        var value = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowed, !overflowedAgain else { return nil }
            value = next
        }
        return value
    }

    /// Powers of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// The value of a well-formed number `text` when its digits and its power of ten are
    /// both exact as `Double`s (at most 15 significant digits, a power up to 10^22): then
    /// one multiplication or division rounds correctly, as the full conversion would (Clinger's
    /// fast path). `nil` for everything else, which the full conversion takes.
    private static func exactDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var position = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { position = 1 }
        var fraction = false
        while position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: ".") {
                fraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if fraction { scale -= 1 }
            }
            position += 1
        }
        if position < text.count {
            position += 1
            var exponentNegative = false
            if text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
                exponentNegative = text[position] == UInt8(ascii: "-")
                position += 1
            }
            var exponent = 0
            while position < text.count {
                exponent = exponent * 10 + Int(text[position] - UInt8(ascii: "0"))
                guard exponent <= 400 else { return nil }
                position += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard abs(scale) < exactPowersOfTen.count else { return nil }
        let magnitude = scale < 0 ? Double(mantissa) / exactPowersOfTen[-scale] : Double(mantissa) * exactPowersOfTen[scale]
        return negative ? -magnitude : magnitude
    }

    /// One or more digits, else an invalid number located at `start`.
    private mutating func digits(from start: Int) throws(JSONSyntaxError) {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > first else {
            index = start
            throw failure(.invalidNumber)
        }
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

    // MARK: Errors

    /// The character at `index`, quoted, as an unexpected one; a control character (a line
    /// break in a message would split it) by its code point, `U+000A`.
    private func unexpected() -> JSONSyntaxError {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        if let scalar = character.unicodeScalars.first, scalar.properties.generalCategory == .control {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return failure(.unexpectedCharacter("U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex))
        }
        return failure(.unexpectedCharacter("'\(character)'"))
    }

    /// `reason` at `index`: the column counts the scalars (UTF-8 lead bytes) before it.
    private func failure(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        let column = bytes[lineStart..<index].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
