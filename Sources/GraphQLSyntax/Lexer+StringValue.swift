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
        let content = token.start + 3..<token.end - 3
        // First pass: the common indentation of the lines after the first, and the
        // first and last lines that are not blank.
        var commonIndent = Int.max
        var firstNonBlank = -1
        var lastNonBlank = -1
        var lineCount = 0
        var hasCarriageReturn = false
        forEachLine(of: content) { number, line, endsWithCarriageReturn in
            lineCount = number + 1
            hasCarriageReturn = hasCarriageReturn || endsWithCarriageReturn
            let indent = leadingWhitespace(line)
            if indent == line.count { return }
            if firstNonBlank < 0 { firstNonBlank = number }
            lastNonBlank = number
            if number > 0, indent < commonIndent { commonIndent = indent }
        }
        guard firstNonBlank >= 0 else { return "" }
        // Most descriptions need no change at all: one line, or already flush left.
        if firstNonBlank == 0, lastNonBlank == lineCount - 1, commonIndent == Int.max || commonIndent == 0,
           !hasCarriageReturn, !token.hasEscape {
            return string(content)
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(content.count)
        forEachLine(of: content) { number, line, _ in
            guard number >= firstNonBlank, number <= lastNonBlank else { return }
            if number > firstNonBlank { utf8.append(0x0A) }
            let dedented = number == 0 ? line : line.lowerBound + min(commonIndent, line.count)..<line.upperBound
            appendUnescapingTripleQuotes(dedented, to: &utf8, hasEscape: token.hasEscape)
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Calls `body` with each raw line of a block string's content (split at `\n`,
    /// `\r\n` and `\r`), its number, and whether it ended with a `\r`.
    private func forEachLine(of content: Range<Int>, _ body: (Int, Range<Int>, Bool) -> Void) {
        var number = 0
        var lineStart = content.lowerBound
        while true {
            let lineEnd = nextLineBreak(in: lineStart..<content.upperBound)
            guard lineEnd < content.upperBound else { break }
            let isCarriageReturn = bytes[lineEnd] == 0x0D
            body(number, lineStart..<lineEnd, isCarriageReturn)
            number += 1
            lineStart = lineEnd + (isCarriageReturn && lineEnd + 1 < content.upperBound && bytes[lineEnd + 1] == 0x0A ? 2 : 1)
        }
        body(number, lineStart..<content.upperBound, false)
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
