/// Parses a GraphQL document (executable definitions, type-system definitions, or both).
///
/// Follows the GraphQL specification (October 2021 edition and the September 2025
/// draft's syntax) as graphql-core 3.3 parses it by default, rejecting what it rejects at
/// the same line and column: descriptions on operations (not the shorthand `{ ... }`),
/// fragments and variable definitions, empty selection sets, directives on directive
/// definitions and `extend directive`; no fragment variables or spread arguments.
/// Selection sets, list and object values and list types may nest 100 levels deep (graphql-core
/// allows 200); deeper input gets a located error instead of overflowing a 512 KiB stack.
/// - Complexity: O(n) in the source's length.
/// - Throws: `SyntaxError` at the first problem, located by line and column.
public func parse(_ source: Source) throws(SyntaxError) -> Document {
    try parseCounting(source).document
}

/// `parse(_:)`, also answering how many significant tokens (not comments, commas or
/// whitespace) the document has, for summaries and benchmarks.
/// - Complexity: O(n) in the source's length.
public func parseCounting(_ source: Source) throws(SyntaxError) -> (document: Document, tokenCount: Int) {
    let result: Result<(document: Document, tokenCount: Int), SyntaxError> = source.bytes.withUnsafeBufferPointer { bytes in
        guard bytes.count < Int(UInt32.max) else {
            return .failure(SyntaxError(reason: .sourceTooLarge, offset: 0, line: 1,
                                        in: UnsafeBufferPointer(rebasing: bytes[0..<0]), sourceName: source.name))
        }
        return Result { () throws(SyntaxError) in
            var parser = try Parser(lexer: Lexer(bytes: bytes, sourceName: source.name))
            let document = try parser.parseDocument()
            return (document, parser.tokenCount)
        }
    }
    return try result.get()
}
