/// Whether attaching an operation fetches, and whether its handle shows what the store holds
/// meanwhile. Relay's four policies, with Relay's meanings.
///
/// | policy | fetches | shows the store's data |
/// | --- | --- | --- |
/// | `storeOnly` | never by itself | when not missing (stale data is shown) |
/// | `storeOrNetwork` | when not available (missing or stale) | when available |
/// | `storeAndNetwork` | always | when available |
/// | `networkOnly` | always | never: only its own response |
///
/// Stale data is not "available": as in Relay, `storeOrNetwork` and `storeAndNetwork` do not
/// show it and wait for the network (the phase is `loading`).
public enum FetchPolicy: String, Hashable, Sendable, CaseIterable {
    case storeOnly
    case storeOrNetwork
    case storeAndNetwork
    case networkOnly

    /// Whether attaching with this policy fetches, given what the store holds.
    public func fetches(_ availability: OperationAvailability) -> Bool {
        switch self {
        case .storeOnly: false
        case .storeOrNetwork: availability != .available
        case .storeAndNetwork, .networkOnly: true
        }
    }

    /// Whether the handle shows the store's data from the start, given what it holds.
    public func shows(_ availability: OperationAvailability) -> Bool {
        switch self {
        case .storeOnly: availability != .missing
        case .storeOrNetwork, .storeAndNetwork: availability == .available
        case .networkOnly: false
        }
    }
}
