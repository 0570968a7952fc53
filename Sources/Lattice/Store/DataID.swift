/// The identity of a record in the store.
///
/// The rule (one for the whole store): an identified object (a type with `id: ID!`) is keyed
/// by its `id` alone, because the schema's ids are opaque and globally unique across types
/// (the `Node` convention). An unidentified object is a *client record* keyed by its parent
/// and the storage key it was reached through, as Relay does: `client:<parent>:<storageKey>`,
/// plus `:<index>` for an item of a list, the prefix written once (a client parent's key has
/// it already: `client:root:viewer`, not `client:client:root:viewer`). The root of queries,
/// mutations and subscriptions is `client:root`.
public struct DataID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The key as stored, e.g. `"U1"` or `"client:root:viewer"`.
    public let rawValue: String

    /// Wraps a raw key (an object's `id`, or a key built by `client(parent:storageKey:index:)`).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// `client:root`, the record that holds the root fields of every operation.
    public static let root = DataID("client:root")

    /// The key of an unidentified object reached from `parent` through `storageKey`
    /// (and, inside a list, at `index`). - Complexity: O(length of the key).
    public static func client(parent: DataID, storageKey: String, index: Int? = nil) -> DataID {
        let prefix = parent.isClient ? parent.rawValue : "client:" + parent.rawValue
        if let index {
            return DataID("\(prefix):\(storageKey):\(index)")
        }
        return DataID("\(prefix):\(storageKey)")
    }

    /// Whether this is a client record (the root or an unidentified object).
    public var isClient: Bool { rawValue.hasPrefix("client:") }

    public var description: String { rawValue }

    public static func < (lhs: DataID, rhs: DataID) -> Bool { lhs.rawValue < rhs.rawValue }
}
