/// A mutation on its way (`Environment.commitMutation`): the optimistic layer it shows until
/// its answer, and the answer.
@MainActor
public final class PendingMutation {
    /// The optimistic layer shown until the answer; nil when the mutation showed nothing.
    public let layer: OptimisticLayerID?
    private let task: Task<Result<Lens, Failure>, Never>
    /// Where the layer is shown: the environment reverts it on `cancel()`.
    private weak var environment: Environment?

    init(task: Task<Result<Lens, Failure>, Never>, layer: OptimisticLayerID?, environment: Environment) {
        self.task = task
        self.layer = layer
        self.environment = environment
    }

    /// Waits for the answer: the root lens on it, the layer replaced by it. Cancelling the
    /// waiting task cancels the mutation (`cancel()`).
    /// - Throws: the mutation's failure, the layer reverted; `cancelled` once it was cancelled.
    public func answer() async throws(Failure) -> Lens {
        let task = self.task
        return try await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }.get()
    }

    /// Cancels the mutation before its answer: its optimistic layer is reverted now (a body
    /// sees the store without it in this main-actor turn), `answer()` throws `cancelled`, and
    /// an answer that comes later is dropped, never committed. Once the request was sent the
    /// server may still apply the mutation; the store forgets it. After the answer was
    /// committed, it does nothing.
    /// - Complexity: O(fields of the layer and of the pending layers), as a revert is.
    public func cancel() {
        task.cancel()
        if let layer { environment?.revert(layer) }
    }
}
