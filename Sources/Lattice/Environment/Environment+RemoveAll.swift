extension Environment {
    /// Empties the store and its image, for a sign-out: every record's fields, every
    /// operation's age and every pending optimistic layer go; attached handles read missing
    /// data (their bodies are notified), and the requests in flight fail `cancelled`. An
    /// answer that arrives afterwards to a request sent before (a fetch, a mutation, a
    /// subscription's event) is dropped: it reaches neither the store nor the image, whose
    /// emptying is queued after every commit before it.
    ///
    /// Not a commit's end (`published`): nothing is written behind but the emptying, and no
    /// collection is scheduled, since nothing is left to collect.
    /// - Complexity: O(records + fields) on the main actor; the image empties behind it.
    public func removeAll() {
        stamps = [:]
        executor.cancelAll()
        counters?.beginCommit()
        let changes = store.removeAll()
        image?.writer.removeAll()
        coordinator.didCommit(changes)
        var changed: [HandleFacts] = []
        for root in roots.values { root.dataWasRemoved(changed: &changed) }
        for facts in changed { facts.settle() }
        counters?.endCommit(changes)
    }
}
