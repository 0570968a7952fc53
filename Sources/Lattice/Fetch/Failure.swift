/// Why a fetch, a read or a subscription failed: one closed set of kinds.
///
/// Every failure the runtime reports is one of these cases, so a view or a log can `switch`
/// over it exhaustively; nothing downstream casts an `Error` to learn what happened. Each
/// case carries what a person needs to act on it (a status code, a path, a message, the
/// underlying system description), and `name` gives a stable identifier for logs and tests.
///
/// It conforms to `Error` so it can be thrown with typed throws: `throws(Failure)`.
public enum Failure: Error, Hashable, Sendable {
    /// How a transport failed to carry a request.
    public enum Connectivity: String, Hashable, Sendable {
        /// The server could not be reached: connection refused, host not found, no network.
        case unreachable
        /// A connection was made and then lost before a complete response arrived.
        case connectionLost
    }

    /// The request never got a complete answer; `underlying` is the system's description.
    case transport(Connectivity, underlying: String)
    /// The server answered with a non-2xx status; `body` is the start of what it sent.
    case httpStatus(code: Int, body: String)
    /// The body is not JSON, or not a GraphQL response (`data`/`errors`); `snippet` is the
    /// start of the body, `reason` what the decoder said.
    case undecodableResponse(reason: String, snippet: String)
    /// The server answered with errors and no data (`data` null or absent).
    case requestErrors([GraphQLError])
    /// A field error inside the operation's own selection under `@throwOnFieldError`, or an
    /// error of the last response that no field holds. Each error carries its path.
    case fieldErrors([GraphQLError], operation: String)
    /// A `@required` field read null and the null bubbled to the operation's root; `path` is
    /// the path of the field that was missing.
    case requiredFieldMissing(path: [GraphQLError.PathElement], operation: String)
    /// A `storeOnly` handle whose operation's data is not in the store, and no fetch made.
    case notInStore(operation: String)
    /// The app cancelled the request (task cancellation or detaching the handle).
    case cancelled
    /// No complete answer arrived within the request's timeout.
    case timedOut(after: Duration)

    /// The GraphQL errors the failure carries: those of `requestErrors` and `fieldErrors`
    /// (each with its path), empty for every other kind. - Complexity: O(1).
    public var errors: [GraphQLError] {
        switch self {
        case .requestErrors(let errors), .fieldErrors(let errors, _): errors
        case .transport, .httpStatus, .undecodableResponse, .requiredFieldMissing, .notInStore,
             .cancelled, .timedOut: []
        }
    }

    /// A stable identifier of the kind, for logs and tests: `transport.unreachable`,
    /// `transport.connectionLost`, `http.status`, `response.undecodable`,
    /// `response.requestErrors`, `read.fieldErrors`, `read.requiredFieldMissing`,
    /// `store.notInStore`, `fetch.cancelled`, `fetch.timedOut`.
    public var name: String {
        switch self {
        case .transport(let connectivity, _): "transport.\(connectivity.rawValue)"
        case .httpStatus: "http.status"
        case .undecodableResponse: "response.undecodable"
        case .requestErrors: "response.requestErrors"
        case .fieldErrors: "read.fieldErrors"
        case .requiredFieldMissing: "read.requiredFieldMissing"
        case .notInStore: "store.notInStore"
        case .cancelled: "fetch.cancelled"
        case .timedOut: "fetch.timedOut"
        }
    }
}

extension Failure: CustomStringConvertible {
    /// The name and what a person needs to act, on one line, the name said once: what follows
    /// it adds the case's values, never the name again in words
    /// (`read.requiredFieldMissing in Profile at viewer.login`, `http.status 502: Bad gateway`).
    /// - Complexity: O(length of what the case carries).
    public var description: String {
        switch self {
        case .transport(_, let underlying):
            "\(name): \(underlying)"
        case .httpStatus(let code, let body):
            "\(name) \(code)\(body.isEmpty ? "" : ": \(body)")"
        case .undecodableResponse(let reason, let snippet):
            "\(name): \(reason); body starts: \(snippet)"
        case .requestErrors(let errors):
            "\(name): \(Self.describe(errors))"
        case .fieldErrors(let errors, let operation):
            "\(name) in \(operation): \(Self.describe(errors))"
        case .requiredFieldMissing(let path, let operation):
            "\(name) in \(operation) at \(path.map(\.description).joined(separator: "."))"
        case .notInStore(let operation):
            "\(name): \(operation) (storeOnly makes no fetch)"
        case .cancelled:
            name
        case .timedOut(let after):
            "\(name) after \(after)"
        }
    }

    private static func describe(_ errors: [GraphQLError]) -> String {
        errors.map { error in
            error.path == nil ? error.message : "\(error.pathDescription): \(error.message)"
        }.joined(separator: "; ")
    }
}
