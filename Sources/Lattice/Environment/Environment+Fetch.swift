extension Environment {
    /// Fetches `operation` (a query) for a reader outside a body, a model or a test, commits
    /// the answer, and computes the verdict when it asks (untracked).
    /// - Returns: the root lens on the committed data.
    /// - Throws: the transport's failure; `fieldErrors` for a field error in the own
    ///   selection under `@throwOnFieldError` (or an error no field holds);
    ///   `requiredFieldMissing` for a `@required` null that reached the root.
    public func fetch(_ operation: Artifact, variables: [String: JSONValue] = [:]) async throws(Failure) -> Lens {
        precondition(operation.kind == .query,
                     "Environment.fetch(): `\(operation.name)` is a \(operation.kind.rawValue), not a query")
        return try await run(operation, variables: variables)
    }

    /// Runs the mutation `operation` through the transport, normalizes its answer into the
    /// store and reads it back, as `fetch` does.
    /// - Returns: the root lens on the mutation's answer.
    /// - Throws: as `fetch`.
    public func mutate(_ operation: Artifact, variables: [String: JSONValue] = [:]) async throws(Failure) -> Lens {
        precondition(operation.kind == .mutation,
                     "Environment.mutate(): `\(operation.name)` is a \(operation.kind.rawValue), not a mutation")
        return try await run(operation, variables: variables)
    }

    private func run(_ operation: Artifact, variables: [String: JSONValue]) async throws(Failure) -> Lens {
        let bound = BoundArtifact(operation, variables: variables)
        let key = OperationKey(name: operation.name, variables: bound.variables)
        let request = program.request(for: operation, variables: variables)
        let response = try await transport.execute(request)
        let commit = try self.commit(response, bound: bound, key: key)
        let lens = Lens(bound, record: rootRecord)
        let verdict = VerdictReads.untracked(bound, root: lens.record, counters: counters)
        if let failure = verdict.failure(of: operation, unplaced: { commit.unplacedErrors }) {
            throw failure
        }
        return lens
    }
}
