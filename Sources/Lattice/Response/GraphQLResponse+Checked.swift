import Foundation

extension GraphQLResponse {
    /// The response when it carries data; the failure a transport throws when it does not.
    ///
    /// Errors with `data` null or absent are `requestErrors`. Neither data nor errors, or
    /// `data` that is not an object, is not a GraphQL response at all; `snippet` is the start
    /// of the body, for that failure.
    public func checked(snippet: @autoclosure () -> String = "") throws(Failure) -> GraphQLResponse {
        switch data {
        case .object?:
            return self
        case nil, .null?:
            guard let errors, !errors.isEmpty else {
                throw .undecodableResponse(reason: "neither data nor errors", snippet: snippet())
            }
            throw .requestErrors(errors)
        case .bool?, .int?, .double?, .string?, .array?:
            throw .undecodableResponse(reason: "data is not an object", snippet: snippet())
        }
    }

    /// The response `body` decodes to, checked: the one path from a body's (or an event's)
    /// bytes to a response a transport delivers. A body that does not decode is
    /// `undecodableResponse` with the decoder's reason and the body's start; then as `checked`.
    /// - Complexity: O(body size).
    static func checked(decoding body: Data) throws(Failure) -> GraphQLResponse {
        let response: GraphQLResponse
        do { response = try GraphQLResponse(decoding: body) } catch {
            throw .undecodableResponse(reason: error.description, snippet: snippet(of: body))
        }
        return try response.checked(snippet: snippet(of: body))
    }

    /// The start of a body, for a failure's message: at most 512 bytes, as UTF-8.
    static func snippet(of body: Data) -> String {
        String(decoding: body.prefix(512), as: UTF8.self)
    }
}
