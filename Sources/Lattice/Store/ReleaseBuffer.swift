/// The roots released most recently, still kept from collection, as Relay's release buffer:
/// a screen left and come back to within the last `capacity` releases finds its records
/// where it left them. The oldest leaves when a release would pass the capacity.
@MainActor
struct ReleaseBuffer {
    /// How many released roots are kept (`Store.Configuration.releaseBufferSize`).
    let capacity: Int
    /// The released roots kept, oldest first.
    private(set) var retentions: [Retention] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Keeps `retention`, released now. - Returns: the root that left the buffer (or
    /// `retention` itself, with no room at all), if one did: a collection is due.
    /// - Complexity: O(capacity).
    mutating func add(_ retention: Retention) -> Retention? {
        guard capacity > 0 else { return retention }
        retentions.append(retention)
        guard retentions.count > capacity else { return nil }
        return retentions.removeFirst()
    }

    /// Forgets a kept root of the same operation, variables and root as `retention`, retained
    /// again: it would otherwise take a place another released root needs.
    /// - Complexity: O(capacity).
    mutating func remove(sameAs retention: Retention) {
        retentions.removeAll { $0.isSame(as: retention) }
    }

    /// Forgets every kept root. - Complexity: O(capacity).
    mutating func removeAll() {
        retentions.removeAll()
    }
}
