extension Environment {
    /// Fetches `operation` (a query) for a reader outside a body, a model or a test, commits
    /// the answer, and computes the verdict when it asks (untracked).
    /// - Returns: the root lens on the committed data.
    /// - Throws: the transport's failure; `cancelled` when the calling task is cancelled,
    ///   at any point of the answer (an answer that comes then is not committed);
    ///   `fieldErrors` for a field error in the own
    ///   selection under `@throwOnFieldError` (or an error no field holds);
    ///   `requiredFieldMissing` for a `@required` null that reached the root.
    public func fetch(_ operation: Artifact, variables: [String: JSONValue] = [:]) async throws(Failure) -> Lens {
        precondition(operation.kind == .query,
                     "Environment.fetch(): `\(operation.name)` is a \(operation.kind.rawValue), not a query")
        return try await fetchCommitted(operation, variables: variables).lens
    }

    /// Runs the mutation `operation` through the transport, normalizes its answer into the
    /// store and reads it back, as `fetch` does; with an optimistic response or updater, shows
    /// what they write from the call on, and with `updater`, commits what it writes on the
    /// answer (`commitMutation` says how).
    /// - Returns: the root lens on the mutation's answer.
    /// - Throws: as `fetch`; `undecodableResponse`, at once and with nothing shown, for an
    ///   optimistic response that does not fit the mutation's selection. Cancelling the
    ///   calling task cancels the mutation (`PendingMutation.cancel()`): `cancelled`, the
    ///   layer reverted, a later answer dropped.
    public func mutate(_ operation: Artifact, variables: [String: JSONValue] = [:],
                       optimisticResponse: JSONValue? = nil,
                       optimisticUpdater: ((inout RecordSourceDelta) -> Void)? = nil,
                       updater: (@MainActor (inout RecordSourceDelta, Lens) -> Void)? = nil) async throws(Failure) -> Lens {
        try await commitMutation(operation, variables: variables, optimisticResponse: optimisticResponse,
                                 optimisticUpdater: optimisticUpdater, updater: updater).answer()
    }

    /// `fetch`, answering the commit beside the lens: what a pager learns of its page from
    /// (`CommitChanges.droppedPages`).
    func fetchCommitted(_ operation: Artifact, variables: [String: JSONValue]) async throws(Failure)
        -> (lens: Lens, commit: ResponseCommit) {
        let bound = BoundArtifact(operation, variables: variables, logger: logger)
        let key = OperationKey(name: operation.name, variables: bound.variables)
        let request = program.request(for: operation, variables: variables)
        let commit = try await executor.run(request, for: operation, bound: bound, key: key)
        return (try read(commit, of: bound), commit)
    }

    /// The root lens on `bound`'s committed answer, or the failure its verdict gives
    /// (untracked).
    func read(_ commit: ResponseCommit, of bound: BoundArtifact) throws(Failure) -> Lens {
        let lens = Lens(bound, record: rootRecord)
        let verdict = VerdictReads.untracked(bound, root: lens.record, counters: counters)
        if let failure = verdict.failure(of: bound.artifact, unplaced: { commit.unplacedErrors }) {
            throw failure
        }
        return lens
    }
}
