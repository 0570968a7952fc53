/// Where a node or token sits in its source: the byte range it spans and the line and
/// column where it starts.
///
/// Columns count Unicode scalars from the start of the line (1-based), as graphql-core
/// does, so a location printed by Lattice points at the same character graphql-core's
/// would. Stored in 16 bytes because every AST node carries one.
public struct SourceLocation: Hashable, Sendable {
    private let startOffset: UInt32
    private let endOffset: UInt32
    private let lineNumber: UInt32
    private let columnNumber: UInt32

    /// Creates a location; offsets are UTF-8 byte offsets into the source.
    public init(start: Int, end: Int, line: Int, column: Int) {
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
        lineNumber = UInt32(truncatingIfNeeded: line)
        columnNumber = UInt32(truncatingIfNeeded: column)
    }

    /// Byte offset of the node's first byte.
    public var start: Int { Int(startOffset) }
    /// Byte offset just past the node's last byte.
    public var end: Int { Int(endOffset) }
    /// 1-based line of `start`.
    public var line: Int { Int(lineNumber) }
    /// 1-based column of `start`, counted in Unicode scalars.
    public var column: Int { Int(columnNumber) }
}
