/// One GraphQL request as a transport sends it: the document text, the operation to run
/// and its variables.
///
/// Encodes as the GraphQL-over-HTTP body `{"query", "operationName", "variables"}`.
public struct GraphQLRequest: Hashable, Sendable, Encodable {
    /// The document text, with the operation and the fragments it spreads.
    public var query: String
    /// The name of the operation in `query` to run.
    public var operationName: String
    /// The operation's variables, by name without `$`.
    public var variables: [String: JSONValue]

    public init(query: String, operationName: String, variables: [String: JSONValue] = [:]) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }
}
