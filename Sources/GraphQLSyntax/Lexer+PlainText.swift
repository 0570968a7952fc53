extension Lexer {
    /// The offset of the first byte at or after `offset` that string and comment scanning
    /// must look at: `"`, `\`, a line terminator, or a byte above 0x7F. Everything before
    /// it is plain ASCII text.
    ///
    /// Descriptions make up most of a large SDL file (about 70% of GitHub's public
    /// schema), so this tests 8 bytes at a time as one 64-bit word.
    /// - Complexity: O(bytes skipped).
    func skipPlainText(from offset: Int) -> Int {
        var index = offset
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.hasSpecialByte(word) { break }
                index += 8
            }
        }
        while index < bytes.count, !Self.isSpecialInText(bytes[index]) {
            index += 1
        }
        return index
    }

    /// The offset of the first `\n` or `\r` in `range`, or its upper bound.
    /// - Complexity: O(bytes skipped), 8 at a time.
    func nextLineBreak(in range: Range<Int>) -> Int {
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            while index + 8 <= range.upperBound {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.has(0x0A, in: word) | Self.has(0x0D, in: word) != 0 { break }
                index += 8
            }
        }
        while index < range.upperBound, bytes[index] != 0x0A, bytes[index] != 0x0D {
            index += 1
        }
        return index
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is special, using the classic has-zero-byte test
    /// (exact for the question "is there one").
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        (word & highBits) | has(0x22, in: word) | has(0x5C, in: word) | has(0x0A, in: word) | has(0x0D, in: word) != 0
    }

    /// Nonzero when some byte of `word` equals `value`.
    private static func has(_ value: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (lowBits &* UInt64(value))
        return (x &- lowBits) & ~x & highBits
    }

    private static func isSpecialInText(_ byte: UInt8) -> Bool {
        byte == 0x22 || byte == 0x5C || byte == 0x0A || byte == 0x0D || byte >= 0x80
    }
}
