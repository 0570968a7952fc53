extension Lexer {
    /// The value of a string or block string token: escapes resolved, and for block
    /// strings the spec's `BlockStringValue` (common indentation and blank leading and
    /// trailing lines removed, line terminators normalized to `\n`).
    /// - Complexity: O(token length); no copy beyond the result unless the token has escapes.
    func stringValue(of token: Token) throws(SyntaxError) -> String {
        token.kind == .blockString ? blockStringValue(of: token) : try quotedStringValue(of: token)
    }

    private func quotedStringValue(of token: Token) throws(SyntaxError) -> String {
        let contentStart = token.start + 1
        let contentEnd = token.end - 1
        guard token.hasEscape else { return string(contentStart..<contentEnd) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(contentEnd - contentStart)
        var chunkStart = contentStart
        var index = contentStart
        while index < contentEnd {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<index]))
            let (value, length) = try escape(at: index)
            Self.appendUTF8(value, to: &utf8)
            index += length
            chunkStart = index
        }
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<contentEnd]))
        return String(decoding: utf8, as: UTF8.self)
    }

    private func blockStringValue(of token: Token) -> String {
        let lines = blockLines(token.start + 3..<token.end - 3)
        var commonIndent = Int.max
        var firstNonBlank: Int?
        var lastNonBlank = -1
        for (number, line) in lines.enumerated() {
            let indent = leadingWhitespace(line)
            if indent == line.count { continue }
            if firstNonBlank == nil { firstNonBlank = number }
            lastNonBlank = number
            if number > 0, indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonBlank else { return "" }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(token.end - token.start)
        for number in first...lastNonBlank {
            if number > first { utf8.append(0x0A) }
            let line = lines[number]
            let content = number == 0 ? line : line.lowerBound + min(commonIndent, line.count)..<line.upperBound
            appendUnescapingTripleQuotes(content, to: &utf8, hasEscape: token.hasEscape)
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The raw lines of a block string's content, split at `\n`, `\r\n` and `\r`.
    private func blockLines(_ content: Range<Int>) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = content.lowerBound
        var index = content.lowerBound
        while index < content.upperBound {
            switch bytes[index] {
            case 0x0A:
                lines.append(lineStart..<index)
                index += 1
                lineStart = index
            case 0x0D:
                lines.append(lineStart..<index)
                index += index + 1 < content.upperBound && bytes[index + 1] == 0x0A ? 2 : 1
                lineStart = index
            default:
                index += 1
            }
        }
        lines.append(lineStart..<content.upperBound)
        return lines
    }

    private func leadingWhitespace(_ line: Range<Int>) -> Int {
        var index = line.lowerBound
        while index < line.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index - line.lowerBound
    }

    /// Appends the line, turning each `\"""` into `"""`.
    private func appendUnescapingTripleQuotes(_ line: Range<Int>, to utf8: inout [UInt8], hasEscape: Bool) {
        guard hasEscape else {
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line]))
            return
        }
        var index = line.lowerBound
        while index < line.upperBound {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < line.upperBound, isTripleQuote(at: index + 1) {
                index += 1
            }
            utf8.append(bytes[index])
            index += 1
        }
    }

    /// A string of the source bytes in `range` (already validated as UTF-8).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    static func appendUTF8(_ value: UInt32, to utf8: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            utf8.append(UInt8(value))
        case 0x80..<0x800:
            utf8.append(UInt8(0xC0 | value >> 6))
            utf8.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            utf8.append(UInt8(0xE0 | value >> 12))
            utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | value & 0x3F))
        default:
            utf8.append(UInt8(0xF0 | value >> 18))
            utf8.append(UInt8(0x80 | value >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | value & 0x3F))
        }
    }
}
