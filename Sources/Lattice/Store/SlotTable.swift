/// A record's fields: an open-addressing table from `FieldKey` to `Slot`, probed with the
/// key's integer (no `Hasher`), and `peek` that answers what a walk needs without copying
/// the value (no reference counting on the happy path).
///
/// Fields are added or replaced, or all removed at once (deletion, collection); one field is
/// removed only when an optimistic layer is undone, by rebuilding the table without it, so
/// the table needs no tombstones. Load factor at most 1/2. The entries live in one allocation
/// (`SlotStorage`), copied on write like an array's.
///
/// Not main-actor isolated (its owner is): a main-actor closure handed to
/// `withUnsafeMutablePointers` gets a dynamic isolation check on every call, which cost more
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

    /// Nil until the first field: a record with no fields allocates nothing.
    private var storage: SlotStorage?
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    private var capacity: Int { storage?.header ?? 0 }

    /// The position of `key` in `entries` (a power of two of them), or where it would go.
    /// - Complexity: O(1) expected.
    @inline(__always)
    private static func position(of key: FieldKey, in entries: UnsafeMutablePointer<SlotStorage.Entry>,
                                 capacity: Int) -> (index: Int, found: Bool) {
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: UInt32(bitPattern: key.rawValue) &* 0x9E37_79B1) & mask
        while true {
            let stored = entries[index].key
            if stored == key.rawValue { return (index, true) }
            if stored == SlotStorage.Entry.free { return (index, false) }
            index = (index + 1) & mask
        }
    }

    subscript(key: FieldKey) -> Slot? {
        get {
            guard count > 0, let storage else { return nil }
            return storage.withUnsafeMutablePointers { capacity, entries in
                let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
                return found ? entries[index].slot : nil
            }
        }
        set {
            guard let newValue else { preconditionFailure("SlotTable: fields are removed all at once") }
            if (count + 1) * 2 > capacity {
                rehash(capacity: max(8, capacity * 2))
            } else if !isKnownUniquelyReferenced(&storage), let shared = storage {
                storage = shared.copy()
            }
            guard let storage else { preconditionFailure("SlotTable: a table with room has storage") }
            let added = storage.withUnsafeMutablePointers { capacity, entries in
                let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
                entries[index] = SlotStorage.Entry(key: key.rawValue, slot: newValue)
                return !found
            }
            if added { count += 1 }
        }
    }

    /// Runs `body` on `key`'s slot in place, the table's storage made unique first and the
    /// slot moved out of it meanwhile, so `body` may grow a list it holds without copying it.
    /// `nil` when `key` is absent. - Complexity: O(1) expected, plus `body`.
    mutating func modify<Result>(_ key: FieldKey, _ body: (inout Slot) -> Result) -> Result? {
        guard count > 0 else { return nil }
        if !isKnownUniquelyReferenced(&storage), let shared = storage { storage = shared.copy() }
        guard let storage else { return nil }
        return storage.withUnsafeMutablePointers { capacity, entries -> Result? in
            let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
            guard found, var slot = entries[index].slot else { return nil }
            entries[index].slot = nil
            let result = body(&slot)
            entries[index].slot = slot
            return result
        }
    }

    /// The value of `key`'s slot when it holds a scalar, else nil (absent, null, a link), read
    /// in place: no copy of the slot. - Complexity: O(1) expected.
    @inline(__always)
    func scalar(_ key: FieldKey) -> JSONValue? {
        guard count > 0 else { return nil }
        return storage?.withUnsafeMutablePointers { capacity, entries -> JSONValue? in
            let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
            guard found, case .scalar(let json)? = entries[index].slot?.value else { return nil }
            return json
        }
    }

    /// The records of `key`'s slot when it holds a list of links, else nil, read in place:
    /// the list is retained, the slot not copied. - Complexity: O(1) expected.
    @inline(__always)
    func links(_ key: FieldKey) -> [Record?]? {
        guard count > 0 else { return nil }
        return storage?.withUnsafeMutablePointers { capacity, entries -> [Record?]? in
            let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
            guard found, case .links(let records)? = entries[index].slot?.value else { return nil }
            return records
        }
    }

    /// Whether `key`'s slot holds what `state` stages (the slot a commit would write equal to
    /// the one there), compared in place: a link by its record's id, which names one record
    /// while the store holds it, so no linked record is looked up and no slot copied.
    /// - Complexity: O(1) expected, O(items) for a list.
    func holds(_ key: FieldKey, _ state: FieldState) -> Bool {
        guard count > 0, let storage else { return false }
        return storage.withUnsafeMutablePointers { capacity, entries in
            let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
            guard found, let slot = entries[index].slot, slot.errors == state.errors else { return false }
            switch (slot.value, state.value) {
            case (.null, .null): return true
            case let (.scalar(stored), .scalar(staged)): return stored == staged
            case let (.link(record), .link(id)): return record.id == id
            case let (.links(records), .links(ids)):
                guard records.count == ids.count else { return false }
                // An index loop: `zip`'s iterator was not inlined here, and cost the commit of an
                // unchanged payload 10 % of its instructions (issue 38).
                for index in records.indices where records[index]?.id != ids[index] { return false }
                return true
            case (.null, _), (.scalar, _), (.link, _), (.links, _): return false
            }
        }
    }

    /// What `key` holds, read in place. - Complexity: O(1) expected, no retain.
    @inline(__always)
    func peek(_ key: FieldKey) -> Peek {
        guard count > 0, let storage else { return .absent }
        return storage.withUnsafeMutablePointers { capacity, entries in
            let (index, found) = Self.position(of: key, in: entries, capacity: capacity.pointee)
            guard found else { return .absent }
            let entry = entries + index
            let hasErrors = entry.pointee.slot?.errors != nil
            switch entry.pointee.slot?.value {
            case .null?: return Peek(kind: .null, hasErrors: hasErrors, link: nil)
            case .scalar?: return Peek(kind: .scalar, hasErrors: hasErrors, link: nil)
            case .link(let record)?: return Peek(kind: .link, hasErrors: hasErrors, link: .passUnretained(record))
            case .links?: return Peek(kind: .links, hasErrors: hasErrors, link: nil)
            case nil: return .absent
            }
        }
    }

    /// The stored keys, in no particular order. - Complexity: O(capacity).
    var fieldKeys: [FieldKey] { entries.map(\.key) }

    /// Every field. - Complexity: O(capacity).
    var entries: [(key: FieldKey, slot: Slot)] {
        guard let storage else { return [] }
        return storage.withUnsafeMutablePointers { capacity, entries in
            UnsafeBufferPointer(start: entries, count: capacity.pointee).compactMap { entry in
                guard entry.key != SlotStorage.Entry.free, let slot = entry.slot else { return nil }
                return (FieldKey(rawValue: entry.key), slot)
            }
        }
    }

    mutating func removeAll() {
        storage = nil
        count = 0
    }

    /// Removes `key`'s field, if present, by rebuilding the table without it: rare (an
    /// optimistic layer undone where the base had no value), so probing keeps needing no
    /// tombstones. - Complexity: O(capacity).
    mutating func remove(_ key: FieldKey) {
        let kept = entries.filter { $0.key != key }
        guard kept.count < count else { return }
        removeAll()
        reserveCapacity(kept.count)
        for entry in kept { self[entry.key] = entry.slot }
    }

    /// The keys of the fields that link a record collection number `collection` did not reach
    /// (`Record.collectionMark`): fields no retained selection followed, whose records the
    /// collection removes. - Complexity: O(capacity + items of its lists), no value copied.
    @MainActor
    func keysLinkingUnreached(_ collection: Int) -> [FieldKey] {
        guard count > 0, let storage else { return [] }
        var keys: [FieldKey] = []
        storage.withUnsafeMutablePointers { capacity, entries in
            for index in 0..<capacity.pointee where entries[index].key != SlotStorage.Entry.free {
                switch entries[index].slot?.value {
                case .link(let record)?:
                    if record.collectionMark != collection { keys.append(FieldKey(rawValue: entries[index].key)) }
                case .links(let records)?:
                    if records.contains(where: { $0.map { $0.collectionMark != collection } ?? false }) {
                        keys.append(FieldKey(rawValue: entries[index].key))
                    }
                case .null?, .scalar?, nil:
                    break
                }
            }
        }
        return keys
    }

    /// Makes room for `fields` more fields at once, so that a record written whole (a new
    /// record of a response) grows its table once, not once per doubling.
    /// - Complexity: O(capacity) when it grows, else O(1).
    mutating func reserveCapacity(_ fields: Int) {
        guard (count + fields) * 2 > capacity else { return }
        var newCapacity = max(8, capacity)
        while (count + fields) * 2 > newCapacity { newCapacity *= 2 }
        rehash(capacity: newCapacity)
    }

    /// Moves every field into a new storage of `capacity` entries; the old one is left to
    /// whatever other table still shares it.
    private mutating func rehash(capacity newCapacity: Int) {
        let old = storage
        let new = SlotStorage.make(capacity: newCapacity)
        storage = new
        count = 0
        old?.withUnsafeMutablePointers { capacity, entries in
            new.withUnsafeMutablePointers { newCapacity, newEntries in
                for entry in UnsafeBufferPointer(start: entries, count: capacity.pointee)
                where entry.key != SlotStorage.Entry.free {
                    let index = Self.position(of: FieldKey(rawValue: entry.key), in: newEntries,
                                              capacity: newCapacity.pointee).index
                    newEntries[index] = entry
                    count += 1
                }
            }
        }
    }
}
