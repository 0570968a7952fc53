/// Why bytes were not a GraphQL response: not JSON (located by line and column), or JSON
/// whose shape is not a response's (located by the path of the member that does not fit).
public enum ResponseDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not JSON.
    case syntax(JSONSyntaxError)
    /// The member at `path` (`errors.0.message`; empty for the whole value) holds `found`
    /// where the response needs `expected`.
    case shape(path: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .syntax(let error): "\(error)"
        case .shape(let path, let expected, let found):
            "\(path.isEmpty ? "<root>" : path): expected \(expected), found \(found)"
        }
    }
}
