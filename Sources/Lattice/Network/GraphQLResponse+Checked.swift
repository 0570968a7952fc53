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
}
