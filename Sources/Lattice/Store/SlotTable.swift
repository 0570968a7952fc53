/// A record's fields: an open-addressing table from `FieldKey` to `Slot`, probed with the
/// key's integer (no `Hasher`), and `peek` that answers what a walk needs without copying
/// the value (no reference counting on the happy path).
///
/// Fields are only added or replaced, or all removed at once (deletion, collection), so the
/// table needs no tombstones. Load factor at most 1/2.
///
/// Not main-actor isolated (its owner is): a main-actor closure handed to
/// `withUnsafeBufferPointer` gets a dynamic isolation check on every call, which cost more
/// than the rest of a verdict walk's field visit (callgrind, VerdictWalk bench).
struct SlotTable {
    /// What a walk needs to know of a field, as plain values.
    struct Peek {
        enum Kind: UInt8 {
            case absent, null, scalar, link, links
        }

        let kind: Kind
        let hasErrors: Bool
        /// The linked record for `.link`, unretained: the table keeps it alive.
        let link: Unmanaged<Record>?

        static let absent = Peek(kind: .absent, hasErrors: false, link: nil)
    }

    private static let empty: Int32 = -1
    private var keys: ContiguousArray<Int32> = []
    private var slots: ContiguousArray<Slot?> = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The position of `key`, or where it would go. - Complexity: O(1) expected.
    @inline(__always)
    private func position(of key: FieldKey) -> (index: Int, found: Bool) {
        let mask = keys.count - 1
        var index = Int(truncatingIfNeeded: UInt32(bitPattern: key.rawValue) &* 0x9E37_79B1) & mask
        while true {
            let stored = keys[index]
            if stored == key.rawValue { return (index, true) }
            if stored == Self.empty { return (index, false) }
            index = (index + 1) & mask
        }
    }

    subscript(key: FieldKey) -> Slot? {
        get {
            guard count > 0 else { return nil }
            let (index, found) = position(of: key)
            return found ? slots[index] : nil
        }
        set {
            guard let newValue else { preconditionFailure("SlotTable: fields are removed all at once") }
            if (count + 1) * 2 > keys.count { grow() }
            let (index, found) = position(of: key)
            if !found {
                keys[index] = key.rawValue
                count += 1
            }
            slots[index] = newValue
        }
    }

    /// What `key` holds, read in place. - Complexity: O(1) expected, no retain.
    @inline(__always)
    func peek(_ key: FieldKey) -> Peek {
        guard count > 0 else { return .absent }
        let (index, found) = position(of: key)
        guard found else { return .absent }
        return slots.withUnsafeBufferPointer { buffer in
            guard let slot = buffer.baseAddress.map({ $0 + index }) else { return .absent }
            let hasErrors = slot.pointee?.errors != nil
            switch slot.pointee?.value {
            case .null?: return Peek(kind: .null, hasErrors: hasErrors, link: nil)
            case .scalar?: return Peek(kind: .scalar, hasErrors: hasErrors, link: nil)
            case .link(let record)?: return Peek(kind: .link, hasErrors: hasErrors, link: .passUnretained(record))
            case .links?: return Peek(kind: .links, hasErrors: hasErrors, link: nil)
            case nil: return .absent
            }
        }
    }

    /// The stored keys, in no particular order. - Complexity: O(capacity).
    var fieldKeys: [FieldKey] {
        keys.filter { $0 != Self.empty }.map { FieldKey(rawValue: $0) }
    }

    /// Every field. - Complexity: O(capacity).
    var entries: [(key: FieldKey, slot: Slot)] {
        zip(keys, slots).compactMap { key, slot in
            guard key != Self.empty, let slot else { return nil }
            return (FieldKey(rawValue: key), slot)
        }
    }

    mutating func removeAll() {
        keys = []
        slots = []
        count = 0
    }

    /// Makes room for `fields` more fields at once, so that a record written whole (a new
    /// record of a response) grows its table once, not once per doubling.
    /// - Complexity: O(capacity) when it grows, else O(1).
    mutating func reserveCapacity(_ fields: Int) {
        guard (count + fields) * 2 > keys.count else { return }
        var capacity = max(8, keys.count)
        while (count + fields) * 2 > capacity { capacity *= 2 }
        rehash(capacity: capacity)
    }

    private mutating func grow() {
        rehash(capacity: max(8, keys.count * 2))
    }

    /// Moves every field into tables of `capacity` entries.
    private mutating func rehash(capacity: Int) {
        let oldKeys = keys
        let oldSlots = slots
        keys = ContiguousArray(repeating: Self.empty, count: capacity)
        slots = ContiguousArray(repeating: nil, count: capacity)
        count = 0
        for (key, slot) in zip(oldKeys, oldSlots) where key != Self.empty {
            if let slot { self[FieldKey(rawValue: key)] = slot }
        }
    }
}
