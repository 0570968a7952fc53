extension Environment {
    /// Refetches exactly the attached handles that are stale or missing their data, or
    /// whose last fetch failed: the one call an app makes when it returns to the foreground
    /// or reconnects. Handles with a fetch in flight and `storeOnly` handles are left alone.
    /// Nothing else in the runtime refetches, and no timer calls this. Handles of one
    /// operation with its variables share one request (`RuntimeCounters` count it).
    /// - Returns: the handles whose fetch it started.
    /// - Complexity: O(handles) plus one availability check per distinct operation and
    ///   variables among them.
    @discardableResult
    public func revalidate() -> [OperationHandle] {
        var checked: [ObjectIdentifier: OperationAvailability] = [:]
        var started: [OperationHandle] = []
        for handle in handles.elements where handle.policy != .storeOnly {
            let fetch = handle.fetch
            if fetch.isInFlight { continue }
            let due: Bool
            if fetch.failure != nil {
                due = true
            } else {
                let id = ObjectIdentifier(handle.facts.root)
                let availability = checked[id] ?? check(handle.facts.root)
                checked[id] = availability
                due = availability != .available
            }
            guard due else { continue }
            startFetch(handle.facts)
            started.append(handle)
        }
        return started
    }
}
