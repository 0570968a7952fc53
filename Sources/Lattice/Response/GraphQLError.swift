/// One entry of a GraphQL response's `errors` array.
///
/// A field error has a `path` to the field it nulled; a request error usually has none.
/// The normalizer places errors on the store by their path; those it cannot place are
/// *unplaced* and stay with the handle's fetch.
public struct GraphQLError: Hashable, Sendable, Encodable {
    /// One step of an error's path: a response key or a list index.
    public enum PathElement: Hashable, Sendable, Encodable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .key(let key): try container.encode(key)
            case .index(let index): try container.encode(index)
            }
        }

        public var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// Where in the request document the error arose, 1-based.
    public struct Location: Hashable, Sendable, Encodable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var message: String
    public var path: [PathElement]?
    public var locations: [Location]?
    public var extensions: [String: JSONValue]?

    public init(message: String, path: [PathElement]? = nil,
                locations: [Location]? = nil, extensions: [String: JSONValue]? = nil) {
        self.message = message
        self.path = path
        self.locations = locations
        self.extensions = extensions
    }

    /// The path as `a.b.0.c`, for messages and logs.
    public var pathDescription: String {
        (path ?? []).map(\.description).joined(separator: ".")
    }
}
