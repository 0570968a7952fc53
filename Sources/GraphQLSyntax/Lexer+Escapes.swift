extension Lexer {
    /// The escape sequence at `offset` (a backslash inside a quoted string): the scalar it
    /// stands for and its length in bytes. A `\uD83D\uDE00` surrogate pair is one escape
    /// standing for one scalar, as in graphql-core.
    /// - Complexity: O(1).
    func escape(at offset: Int) throws(SyntaxError) -> (value: UInt32, length: Int) {
        switch byte(at: offset + 1) {
        case UInt8(ascii: "\""): return (0x22, 2)
        case UInt8(ascii: "/"): return (0x2F, 2)
        case UInt8(ascii: "\\"): return (0x5C, 2)
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"):
            if byte(at: offset + 2) == UInt8(ascii: "{") {
                return try variableWidthEscape(at: offset)
            }
            return try fixedWidthEscape(at: offset)
        default:
            throw error(.invalidEscape(text(from: offset, scalars: 2)), at: offset)
        }
    }

    /// `\u{1F600}`: at most 8 hex digits, naming a Unicode scalar.
    private func variableWidthEscape(at offset: Int) throws(SyntaxError) -> (value: UInt32, length: Int) {
        var point = 0
        var size = 3
        let maxSize = min(12, bytes.count - offset)
        while size < maxSize {
            let current = bytes[offset + size]
            size += 1
            if current == UInt8(ascii: "}") {
                guard size >= 5, Self.isScalar(point) else { break }
                return (UInt32(point), size)
            }
            let digit = Self.hexValue(current)
            guard digit >= 0 else { break }
            point = point << 4 | digit
        }
        throw error(.invalidUnicodeEscape(text(from: offset, scalars: size)), at: offset)
    }

    /// `\u00E9`, or a `\uD83D\uDE00` pair of surrogates forming one scalar.
    private func fixedWidthEscape(at offset: Int) throws(SyntaxError) -> (value: UInt32, length: Int) {
        let code = hex4(at: offset + 2)
        if Self.isScalar(code) { return (UInt32(code), 6) }
        if (0xD800...0xDBFF).contains(code), byte(at: offset + 6) == UInt8(ascii: "\\"),
           byte(at: offset + 7) == UInt8(ascii: "u") {
            let trailing = hex4(at: offset + 8)
            if (0xDC00...0xDFFF).contains(trailing) {
                return (UInt32(0x10000 + (code - 0xD800) << 10 + (trailing - 0xDC00)), 12)
            }
        }
        throw error(.invalidUnicodeEscape(text(from: offset, scalars: 6)), at: offset)
    }

    /// Four hex digits at `offset` as a number, or -1 if any is missing or not hex.
    private func hex4(at offset: Int) -> Int {
        var value = 0
        for index in offset..<offset + 4 {
            let digit = Self.hexValue(byte(at: index))
            guard digit >= 0 else { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 0x30
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte) - 0x37
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte) - 0x57
        default: -1
        }
    }

    private static func isScalar(_ point: Int) -> Bool {
        (0...0xD7FF).contains(point) || (0xE000...0x10FFFF).contains(point)
    }

    /// Up to `count` scalars of source text from `offset`, for quoting in a message.
    func text(from offset: Int, scalars count: Int) -> String {
        var end = offset
        var taken = 0
        while taken < count, end < bytes.count {
            end += UTF8Scalar.decode(bytes, at: end)?.length ?? 1
            taken += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<min(end, bytes.count)]), as: UTF8.self)
    }
}
