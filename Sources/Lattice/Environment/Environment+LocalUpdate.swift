extension Environment {
    /// Commits a local update of client-only fields (`extend type Book { isSelected: Boolean }`
    /// in a client schema file): `body` stages writes through `LocalUpdate.set`, each checked,
    /// and they land together in a commit of their own, which the event log records as a local
    /// update. Only the bodies that read a field whose value changed re-run; a later response
    /// for the record leaves the fields alone (no response holds them), and they reach the
    /// store's image like any confirmed write (docs/runtime-api.md says why).
    /// - Throws: what `body` threw (the first `LocalUpdateError` a write met, unless the body
    ///   caught it); nothing of the update is committed. Generic over the error, as
    ///   `Store.commit(_:)`, so a plain closure (`{ update in try update.set(…) }`) fits.
    /// - Complexity: O(fields written) plus what the strategy does at a commit (BodyReruns
    ///   measures one client field set against a server commit of one field).
    @discardableResult
    public func commitLocalUpdate<Failure: Error>(
        _ body: (inout LocalUpdate) throws(Failure) -> Void
    ) throws(Failure) -> CommitChanges {
        var update = LocalUpdate(schema: program.schema, store: store)
        try body(&update)
        let delta = update.delta
        return commitUpdate { $0 = delta }
    }
}
