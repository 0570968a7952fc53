/// A mutation on its way (`Environment.commitMutation`): the optimistic layer it shows until
/// its answer, and the answer.
@MainActor
public final class PendingMutation {
    /// The optimistic layer shown until the answer; nil when the mutation showed nothing.
    public let layer: OptimisticLayerID?
    private let task: Task<Result<Lens, Failure>, Never>

    init(task: Task<Result<Lens, Failure>, Never>, layer: OptimisticLayerID?) {
        self.task = task
        self.layer = layer
    }

    /// Waits for the answer: the root lens on it, the layer replaced by it.
    /// - Throws: the mutation's failure, the layer reverted.
    public func answer() async throws(Failure) -> Lens {
        try await task.value.get()
    }
}
