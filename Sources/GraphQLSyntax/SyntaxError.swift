/// A document that is not valid GraphQL syntax: where (source name, line, column) and why.
///
/// `description` is the one-line form `NAME:LINE:COLUMN: message`; `snippet` shows the
/// offending line with a caret under the column. Messages follow graphql-core 3.3's
/// wording.
public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the source (usually a file path).
    public var sourceName: String { details.sourceName }
    /// 1-based line of the error.
    public var line: Int { details.line }
    /// 1-based column of the error, in Unicode scalars.
    public var column: Int { details.column }
    /// Byte offset of the error in the source.
    public var offset: Int { details.offset }
    /// What is wrong, as structured data.
    public var reason: Reason { details.reason }
    /// The text of the offending line, without its line terminator.
    public var lineText: String { details.lineText }

    /// The fields, behind one reference so the thrown error is a pointer: in debug builds
    /// every `try` of the recursive-descent parser keeps room for the error in its frame,
    /// which at 104 bytes inline made each level of nesting several KiB.
    private let details: Details

    private final class Details: Sendable {
        let sourceName: String
        let line: Int
        let column: Int
        let offset: Int
        let reason: Reason
        let lineText: String

        init(sourceName: String, line: Int, column: Int, offset: Int, reason: Reason, lineText: String) {
            self.sourceName = sourceName
            self.line = line
            self.column = column
            self.offset = offset
            self.reason = reason
            self.lineText = lineText
        }
    }

    public static func == (left: SyntaxError, right: SyntaxError) -> Bool {
        (left.sourceName, left.line, left.column, left.offset, left.lineText)
            == (right.sourceName, right.line, right.column, right.offset, right.lineText)
            && left.reason == right.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourceName)
        hasher.combine(offset)
        hasher.combine(reason)
    }

    /// The human-readable message, e.g. `Syntax Error: Unexpected <EOF>.`
    public var message: String { "Syntax Error: " + reason.description }

    /// `NAME:LINE:COLUMN: message`.
    public var description: String { "\(sourceName):\(line):\(column): \(message)" }

    /// The offending line and, below it, a caret under the column. Tabs before the
    /// column are kept so the caret lines up in a terminal.
    public var snippet: String {
        var caret = ""
        for scalar in lineText.unicodeScalars.prefix(column - 1) {
            caret.append(scalar == "\t" ? "\t" : " ")
        }
        return lineText + "\n" + caret + "^"
    }

    /// Locates `offset` in `bytes`: `line` is known to the caller (the lexer tracks it),
    /// the column and the line's text are found by scanning the line.
    /// - Complexity: O(length of the line).
    init(reason: Reason, offset: Int, line: Int, in bytes: UnsafeBufferPointer<UInt8>, sourceName: String) {
        var lineStart = min(offset, bytes.count)
        while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D {
            lineStart -= 1
        }
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D {
            lineEnd += 1
        }
        var column = 1
        for index in lineStart..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        details = Details(sourceName: sourceName, line: line, column: column, offset: offset, reason: reason,
                          lineText: String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]),
                                           as: UTF8.self))
    }
}
