/// One GraphQL request as a transport sends it: the document (its text, its persisted id, or
/// both), the operation to run and its variables.
///
/// Encodes as the GraphQL-over-HTTP body `{"query", "operationName", "variables"}`; with a
/// document id, `extensions.persistedQuery` carries it (`{"version": 1, "sha256Hash"}`, the
/// persisted-query extension Apollo's servers and others read), and `query` is left out
/// unless `sendsText`.
public struct GraphQLRequest: Hashable, Sendable, Encodable {
    /// The document text, with the operation and the fragments it spreads.
    public var query: String
    /// The name of the operation in `query` to run.
    public var operationName: String
    /// The operation's variables, by name without `$`.
    public var variables: [String: JSONValue]
    /// The document's persisted id (`Program.documentID(of:)`), sent when not `nil`.
    public var documentID: String?
    /// Whether the text goes too; only a request with a `documentID` may leave it out.
    public var sendsText: Bool
    /// Headers for this request alone, which the transport adds over its own (set by the
    /// environment's interceptors, `HeaderInterceptor`, `TokenInterceptor`); not in the body.
    public var headers: [String: String] = [:]

    public init(query: String, operationName: String, variables: [String: JSONValue] = [:],
                documentID: String? = nil, sendsText: Bool = true) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
        self.documentID = documentID
        self.sendsText = sendsText || documentID == nil
    }

    private enum Key: String, CodingKey { case query, operationName, variables, extensions }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if sendsText { try container.encode(query, forKey: .query) }
        try container.encode(operationName, forKey: .operationName)
        try container.encode(variables, forKey: .variables)
        if let documentID {
            let persisted: JSONValue = .object(["version": .int(1), "sha256Hash": .string(documentID)])
            try container.encode(JSONValue.object(["persistedQuery": persisted]), forKey: .extensions)
        }
    }
}
