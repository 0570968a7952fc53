import Foundation

/// What the store holds for an operation with its variables (`Environment.check`).
public enum OperationAvailability: String, Hashable, Sendable {
    /// Every field it needs is present, and nothing made it stale.
    case available
    /// Some field it needs was never received (or was collected). A deleted record is not
    /// missing: it is null, and nothing under it is needed.
    case missing
    /// Present, but past the operation's `@expires` since it was last fetched, or written
    /// before a record it reaches (or the whole store) was invalidated.
    case stale
}

/// When an operation (with its variables) was last written by a response of its own: the
/// commit's epoch and the time, which `check` compares with invalidations and `@expires`.
struct WriteStamp: Sendable {
    var epoch: Int
    var fetchedAt: Date
    /// Set by `OperationHandle.invalidate()`: stale until the next write.
    var isInvalidated = false
}

extension OperationAvailability {
    /// Decides availability as Relay's `check` does, from the data checker's answer, the
    /// operation's last write and the store's invalidation epochs.
    /// - Complexity: O(1).
    static func decide(_ data: Availability, written: WriteStamp?, globalInvalidation: Int?,
                       expiresSeconds: Int?, now: Date) -> OperationAvailability {
        guard data.status == .available else { return .missing }
        if written?.isInvalidated == true { return .stale }
        let writtenEpoch = written?.epoch
        if let global = globalInvalidation, writtenEpoch.map({ $0 <= global }) ?? true {
            return .stale
        }
        if let seconds = expiresSeconds, let fetchedAt = written?.fetchedAt,
           now.timeIntervalSince(fetchedAt) >= Double(seconds) {
            return .stale
        }
        if let invalidated = data.latestInvalidation, writtenEpoch.map({ invalidated > $0 }) ?? true {
            return .stale
        }
        return .available
    }
}
