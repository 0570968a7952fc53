/// A GraphQL response body as a transport delivers it: `data` and `errors`.
///
/// Bytes become a response through `init(decoding:)` alone, which `JSONReader` serves.
///
/// `data` is `nil` when the key was absent and `.null` when the server sent `null`; the
/// normalizer treats both as "no data" (a request error when `errors` is non-empty).
public struct GraphQLResponse: Hashable, Sendable, Encodable {
    public var data: JSONValue?
    public var errors: [GraphQLError]?
    public var extensions: [String: JSONValue]?

    public init(data: JSONValue?, errors: [GraphQLError]? = nil,
                extensions: [String: JSONValue]? = nil) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }
}
