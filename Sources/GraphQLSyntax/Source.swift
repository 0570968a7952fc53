/// A GraphQL document's text and the name errors cite for it (usually its file path).
///
/// The text is kept as UTF-8 bytes: the lexer works on bytes, never on `Character`s.
public struct Source: Sendable {
    /// The name printed in `NAME:LINE:COLUMN: message`.
    public let name: String
    /// The document's UTF-8 bytes, validated while lexing.
    public let bytes: [UInt8]

    /// A source from a Swift string.
    /// - Complexity: O(n) to copy the UTF-8 bytes.
    public init(text: String, name: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    /// A source from raw bytes (a file's contents); invalid UTF-8 is reported where it
    /// occurs when the source is parsed.
    public init(bytes: [UInt8], name: String) {
        self.name = name
        self.bytes = bytes
    }
}
