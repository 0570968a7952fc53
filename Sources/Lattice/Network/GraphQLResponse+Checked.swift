extension GraphQLResponse {
    /// The response when it carries data; the failure a transport throws when it does not.
    ///
    /// Errors with `data` null or absent are `requestErrors`. Neither data nor errors is not a
    /// GraphQL response at all.
    func checked() throws(Failure) -> GraphQLResponse {
        switch (data, errors ?? []) {
        case (.none, let errors) where !errors.isEmpty, (.null?, let errors) where !errors.isEmpty:
            throw .requestErrors(errors)
        case (.none, _), (.null?, _):
            throw .undecodableResponse(reason: "neither data nor errors", snippet: "")
        case (.some, _):
            return self
        }
    }
}
