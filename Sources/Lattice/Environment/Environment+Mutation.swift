/// Mutations with optimistic updates: what the app expects the server to answer shown at once,
/// as an optimistic layer over the store, until the answer replaces it or a failure reverts it.
extension Environment {
    /// Sends the mutation `operation` and, before returning, shows as one optimistic layer
    /// what `optimisticResponse` (the answer the app expects, in the shape of the mutation's
    /// selection, without the `data` key) and `optimisticUpdater` (run after it, on the same
    /// staged writes) write: a body that reads those fields sees them in this main-actor turn.
    /// While the mutation is on its way, every commit is written under the layer (a rebase);
    /// the server's answer replaces it in one commit, and a failure, of the transport, of the
    /// answer's shape or of its verdict's request errors, reverts it. Layers of overlapping
    /// mutations are confirmed and reverted independently, in whatever order their answers come.
    /// `PendingMutation.cancel()` reverts the layer and drops a later answer.
    ///
    /// `updater` runs once the answer is committed, as Relay's updater does, with the root lens
    /// on the answer: what it stages is one commit of its own right after the answer's, in the
    /// same main-actor turn (a body sees both at its next run). It runs only for an answer
    /// the call returns: never for a failure, a cancellation, or an optimistic response.
    /// - Returns: the mutation on its way; `answer()` waits for it.
    /// - Throws: `undecodableResponse` naming the path, with nothing shown or sent, when
    ///   `optimisticResponse` does not fit the selection.
    /// - Complexity: O(fields of the layer and of the pending layers), plus one notification
    ///   per field whose shown value changed.
    public func commitMutation(_ operation: Artifact, variables: [String: JSONValue] = [:],
                               optimisticResponse: JSONValue? = nil,
                               optimisticUpdater: ((inout RecordSourceDelta) -> Void)? = nil,
                               updater: (@MainActor (inout RecordSourceDelta, Lens) -> Void)? = nil) throws(Failure) -> PendingMutation {
        precondition(operation.kind == .mutation,
                     "Environment.commitMutation(): `\(operation.name)` is a \(operation.kind.rawValue), not a mutation")
        let bound = BoundArtifact(operation, variables: variables, logger: logger)
        let key = OperationKey(name: operation.name, variables: bound.variables)
        var staged = RecordSourceDelta()
        if let optimisticResponse {
            do {
                staged = try ResponseNormalizer.normalize(GraphQLResponse(data: optimisticResponse), for: bound).delta
            } catch {
                throw Failure(optimistic: error)
            }
        }
        optimisticUpdater?(&staged)
        var layer: OptimisticLayerID?
        if !staged.isEmpty {
            beginCommit()
            let applied = store.applyOptimistic(staged)
            published(applied.changes, by: .optimisticApply)
            layer = applied.layer
        }
        let request = program.request(for: operation, variables: variables)
        let era = executor.era
        let executor = self.executor
        let task = Task { [weak self] () -> Result<Lens, Failure> in
            let result: Result<ResponseCommit, Failure>
            do throws(Failure) {
                result = .success(try await executor.run(request, for: operation, bound: bound, key: key,
                                                          sentIn: era, replacing: layer))
            } catch {
                result = .failure(error)
            }
            guard let self else { return .failure(.cancelled) }
            let answer = self.answer(result, of: bound, replacing: layer)
            if let updater, case .success(let lens) = answer { self.commitUpdate { updater(&$0, lens) } }
            return answer
        }
        return PendingMutation(task: task, layer: layer, environment: self)
    }

    /// Reads the mutation's answer, committed in place of its layer by the request executor;
    /// reverts the layer on a failure.
    private func answer(_ result: Result<ResponseCommit, Failure>, of bound: BoundArtifact,
                        replacing layer: OptimisticLayerID?) -> Result<Lens, Failure> {
        do throws(Failure) {
            return .success(try read(try result.get(), of: bound))
        } catch {
            if let layer { revert(layer) }
            return .failure(error)
        }
    }

    /// Reverts the optimistic `layer` of a mutation that failed or was cancelled; a layer its
    /// answer replaced is gone already, and nothing happens.
    /// - Complexity: O(fields of the layer and of the pending layers).
    func revert(_ layer: OptimisticLayerID) {
        guard store.optimisticLayers.contains(layer) else { return }
        beginCommit()
        published(store.removeOptimistic(layer), by: .optimisticRevert)
    }
}

extension Failure {
    /// The failure of an optimistic response the store would not take: its shape, at a path.
    init(optimistic error: NormalizeError) {
        self = .undecodableResponse(reason: "the optimistic response does not fit the selection: \(error)", snippet: "")
    }
}
