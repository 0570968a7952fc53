extension Environment {
    /// Starts the subscription `operation` with `variables`: each event is committed to the
    /// store as it arrives, so the handles and bodies that read what it changed update like
    /// after any commit. The handle shows its stream as a value and has no phase; it
    /// reconnects as `reconnectPolicy` says. While it is not ended, the subscription retains its
    /// selection's records against garbage collection, as an attached handle does; it
    /// releases them when it ends (cancelled, completed, failed for good) or is released.
    ///
    /// An event that does not fit the selection is not committed; the last such failure is
    /// kept in `lastRejectedEvent`. Events after `removeAll()` are not committed either.
    public func subscribe(_ operation: Artifact, variables: [String: JSONValue] = [:]) -> SubscriptionHandle {
        precondition(operation.kind == .subscription,
                     "Environment.subscribe(): `\(operation.name)` is a \(operation.kind.rawValue), not a subscription")
        let bound = BoundArtifact(operation, variables: variables, logger: logger)
        let key = OperationKey(name: operation.name, variables: bound.variables)
        let request = program.request(for: operation, variables: variables)
        let retention = store.retain(bound)
        let era = executor.era
        let handle = SubscriptionHandle(request: executor.subscriptionRequest(request),
                                        transport: executor.sending(for: .subscription), policy: reconnectPolicy,
                                        scheduler: clock) { [weak self] response in
            guard let self else { return }
            do throws(Failure) {
                _ = try self.commit(response, bound: bound, key: key, sentIn: era)
            } catch .cancelled {
                // Started before `removeAll()`: its events belong to the store that was emptied.
            } catch {
                self.lastRejectedEvent = error
            }
        }
        handle.whenEnded { [weak self] in self?.release(retention) }
        return handle
    }
}
