import Synchronization

/// A storage key interned to a small integer, so records key their fields by an `Int32` and
/// no read hashes a string.
///
/// Keys are interned process-wide (artifacts are shared by every store of the process, as the
/// lab runs three environments side by side). Each key has one observation key path,
/// `\Record.[field: key]`, built once when the key is interned and kept by the table and by
/// the artifact's field node, because building a key path costs microseconds and hashing a
/// built one tens of nanoseconds.
public struct FieldKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The interned index.
    public let rawValue: Int32

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Interns `storageKey`. - Complexity: O(length of the key), under a lock.
    public init(_ storageKey: String) {
        self = FieldKeyTable.shared.intern(storageKey).key
    }

    /// The storage key this key interns. - Complexity: O(1), under a lock.
    public var storageKey: String { FieldKeyTable.shared.storageKey(of: self) }

    /// The key path observers are registered under for this field of any record.
    /// - Complexity: O(1), under a lock; hot paths keep the key path instead.
    public var keyPath: FieldKeyPath { FieldKeyTable.shared.keyPath(of: self) }

    public var description: String { storageKey }

    /// Feeds the index to `hasher` (SipHash), for a key hashed inside another value; a
    /// `Dictionary` or `Set` of keys calls `_rawHashValue(seed:)` instead.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    // Dictionary and Set call this instead of building a Hasher: the index and the seed are
    // mixed with a multiply between two xorshifts, not SipHash, as keys are interned integers
    // (not attacker-chosen) and records look fields up on every read (FieldRead bench: the
    // SipHash of the key was ~9% of an untracked lens read).
    public func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(UInt32(bitPattern: rawValue)) &+ UInt64(bitPattern: Int64(seed))
        mixed = (mixed ^ (mixed >> 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: UInt(mixed ^ (mixed >> 29)))
    }

    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `__typename`, stored like any other field.
    public static let typename = FieldKey("__typename")
    /// `id`.
    public static let id = FieldKey("id")
    /// The record's type (cached from `__typename`), observed as if it were a field. Not a
    /// GraphQL name, so no storage key equals it; no record stores a slot under it.
    public static let recordType = FieldKey("(type)")
}

/// The observation key path of one field of a record (a `Sendable` key path to the record's
/// token subscript, see `Record`).
public typealias FieldKeyPath = KeyPath<Record, FieldKey> & Sendable

/// The process-wide interning table behind `FieldKey`.
final class FieldKeyTable: Sendable {
    static let shared = FieldKeyTable()

    private struct State {
        var indices: [String: Int32] = [:]
        var names: [String] = []
        var keyPaths: [FieldKeyPath] = []
    }

    private let state = Mutex(State())

    /// Interns `storageKey`, returning its key and key path. - Complexity: O(length of the key).
    func intern(_ storageKey: String) -> (key: FieldKey, keyPath: FieldKeyPath) {
        state.withLock { state in
            if let index = state.indices[storageKey] {
                return (FieldKey(rawValue: index), state.keyPaths[Int(index)])
            }
            let key = FieldKey(rawValue: Int32(state.names.count))
            let keyPath: FieldKeyPath = \Record.[field: key]
            state.indices[storageKey] = key.rawValue
            state.names.append(storageKey)
            state.keyPaths.append(keyPath)
            return (key, keyPath)
        }
    }

    func storageKey(of key: FieldKey) -> String {
        state.withLock { $0.names[Int(key.rawValue)] }
    }

    /// The storage keys of `keys`, in their order, read under one lock (the image's encoding
    /// of a record names each of its fields). - Complexity: O(keys).
    func storageKeys(of keys: some Collection<FieldKey>) -> [String] {
        state.withLock { state in keys.map { state.names[Int($0.rawValue)] } }
    }

    func keyPath(of key: FieldKey) -> FieldKeyPath {
        state.withLock { $0.keyPaths[Int(key.rawValue)] }
    }
}
