extension Environment {
    /// Empties the store and its image, for a sign-out: every record's fields, every
    /// operation's age and every pending optimistic layer go; attached handles read missing
    /// data (their bodies are notified), and the requests in flight fail `cancelled`. An
    /// answer that arrives afterwards to a request sent before (a fetch, a mutation, a
    /// subscription's event) is dropped: it reaches neither the store nor the image, whose
    /// emptying is queued after every commit before it.
    /// - Complexity: O(records + fields) on the main actor; the image empties behind it.
    public func removeAll() {
        era += 1
        stamps = [:]
        cancelRequestsInFlight()
        counters?.beginCommit()
        let changes = store.removeAll()
        image?.writer.removeAll()
        coordinator.didCommit(changes)
        var changed: [OperationHandle] = []
        var index = 0
        while index < handles.count {
            if handles[index].dataWasRemoved() { changed.append(handles[index]) }
            index += 1
        }
        for handle in changed { handle.keeper.factsDidChange(of: handle) }
        counters?.endCommit(changes)
    }
}
