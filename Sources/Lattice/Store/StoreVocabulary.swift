// The store's vocabulary: the small types that name what the store holds (a record, a field,
// a type, a field's value, an optimistic layer), shared by the store's files and by the
// compiler, lens, handles and environment above it. Each says what it names; what works with
// them lives in the files named after that work (`Record`, `RecordSource`, `RecordSourceDelta`,
// `Store`). The process-wide tables that intern `FieldKey` and `TypeKey` are in
// FieldKeyTable.swift and TypeKeyTable.swift.

// MARK: Records

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

/// What a record's type is known to be: the concrete type the normalizer wrote for it (the
/// field's object type, or the `__typename` the server sent), unknown (the root, and a
/// record written only by a local update that set no `__typename`), or that the record is
/// known not to exist (deleted).
///
/// Relay's record states: a deleted record is NONEXISTENT, and reads as null; a record with
/// fields is EXISTENT; one whose fields were never received is UNKNOWN, and reads as missing
/// data. Here the first is `nonexistent`, the others any other case, told apart by their
/// fields.
public enum RecordType: Hashable, Sendable {
    /// No `__typename` was written: no type condition holds.
    case unknown
    /// The record's concrete type.
    case known(TypeKey)
    /// The record was deleted (`RecordSourceDelta.delete`) and not written since: a link to
    /// it reads as null, and no type condition holds.
    case nonexistent

    /// The known type's name, if known.
    public var name: String? {
        if case .known(let key) = self { return key.name }
        return nil
    }
}

// MARK: Fields

/// Canonical storage keys: a field's name plus its arguments, so that `issues(first: 10)` and
/// `issues(first: 20)` are different fields of the same record.
///
/// Format (Relay's): `name` without arguments, otherwise `name(a:1,b:"x")` with arguments
/// sorted by name, values printed as canonical JSON (`JSONValue.jsonText`: compact, object
/// keys sorted), and arguments whose value is `null` or absent left out, so an optional
/// argument not passed names the same field as the field without it.
public enum StorageKey {
    /// The storage key of `name` with `arguments` (already resolved: no variables).
    /// - Complexity: O(a log a + size of the values) for `a` arguments.
    public static func make(name: String, arguments: [(name: String, value: JSONValue)]) -> String {
        let present = arguments.filter { $0.value != .null }.sorted { $0.name < $1.name }
        if present.isEmpty { return name }
        var text = name + "("
        for (position, argument) in present.enumerated() {
            if position > 0 { text += "," }
            text += argument.name + ":" + argument.value.jsonText
        }
        return text + ")"
    }
}

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

/// The value of one field of a record, as writes and snapshots spell it: links by `DataID`.
///
/// The live store keeps links as record references (`StoredValue`) so that a read follows a
/// link without a lookup; this type is the boundary form for updates, snapshots and printing.
public enum FieldValue: Hashable, Sendable {
    /// `null`, written by the server or an update.
    case null
    /// A scalar or enum value, or a list of them (never `.null`: that is `.null`).
    case scalar(JSONValue)
    /// A link to another record.
    case link(DataID)
    /// A list of links; `nil` is a null item.
    case links([DataID?])

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A field as a snapshot shows it: its value and the field errors stored beside it.
public struct FieldState: Hashable, Sendable {
    /// The field's value.
    public var value: FieldValue
    /// The errors placed at this field, or `nil`: beside a `null`, or beside a list one of
    /// whose items the errors nulled.
    public var errors: [GraphQLError]?

    /// A value, with the errors placed beside it if any.
    public init(value: FieldValue, errors: [GraphQLError]? = nil) {
        self.value = value
        self.errors = errors
    }
}

/// One field of one record, named cheaply: the record's process-unique serial and the
/// interned key, so sets of them hash two integers.
public struct FieldRef: Hashable, Sendable {
    /// The record's `serial`.
    public let record: Int
    /// The field.
    public let key: FieldKey

    /// Names field `key` of the record with serial `record`.
    public init(record: Int, key: FieldKey) {
        self.record = record
        self.key = key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(record)
        hasher.combine(key.rawValue)
    }

    // Sets of reads are filled per field walked by the rootVerdict strategy: mix the two
    // integers directly instead of running SipHash (see FieldKey).
    public func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(record)) &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= UInt64(UInt32(bitPattern: key.rawValue)) &+ UInt64(bitPattern: Int64(seed))
        mixed = (mixed ^ (mixed >> 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: UInt(mixed ^ (mixed >> 29)))
    }
}

// MARK: Types

/// A type name interned to a small integer, so a type condition is checked against a record's
/// type without hashing a string.
public struct TypeKey: Hashable, Sendable, CustomStringConvertible {
    /// The interned index.
    public let rawValue: Int32

    /// Interns `typename`. - Complexity: O(length of the name), under a lock.
    public init(_ typename: String) {
        rawValue = TypeKeyTable.shared.intern(typename)
    }

    /// The key of `typename` if it was interned already, else `nil` (without interning it):
    /// for names from outside, so a server cannot grow the process-wide table.
    /// - Complexity: O(length of the name), under a lock.
    public init?(existing typename: String) {
        guard let index = TypeKeyTable.shared.index(of: typename) else { return nil }
        rawValue = index
    }

    /// The type name. - Complexity: O(1), under a lock.
    public var name: String { TypeKeyTable.shared.name(of: rawValue) }

    public var description: String { name }
}

// MARK: Optimistic layers

/// One optimistic layer of a store, named: what `Store.applyOptimistic(_:)` answers, and what
/// confirms or reverts that layer.
public struct OptimisticLayerID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int

    public var description: String { "optimistic layer \(rawValue)" }
}
