extension Environment {
    /// Empties the store and its image, for a sign-out: every record's fields, every
    /// operation's age and every pending optimistic layer go; attached handles read missing
    /// data (their bodies are notified), and the requests in flight fail `cancelled`. An
    /// answer that arrives afterwards to a request sent before (a fetch, a mutation, a
    /// subscription's event) is dropped: it reaches neither the store nor the image, whose
    /// emptying is queued after every commit before it.
    ///
    /// An attached handle then reads `failed(.cancelled)` (`notInStore` under `storeOnly`),
    /// whether or not it was fetching: nothing is sent by itself in the name of whoever
    /// signed out, as Relay sends nothing until a new environment's queries mount; `retry()`
    /// or `refetch()` fetches again (docs/environment-api.md).
    ///
    /// Ends as every commit does (`published`): the strategy hears it, the handles whose
    /// facts changed settle once, the counters close it, and a collection is scheduled for
    /// the emptied records nothing holds; nothing is written behind but the emptying.
    /// - Complexity: O(records + fields) on the main actor; the image empties behind it.
    public func removeAll() {
        stamps = [:]
        executor.cancelAll()
        beginCommit()
        let changes = store.removeAll()
        image?.writer.removeAll()
        var changed: [HandleFacts] = []
        for root in roots.values { root.dataWasRemoved(at: now, changed: &changed) }
        published(changes, by: .removeAll, settling: changed)
    }
}
