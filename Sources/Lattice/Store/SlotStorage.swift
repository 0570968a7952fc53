/// A `SlotTable`'s entries: one allocation holding its capacity (the header) and then that
/// many entries, free ones keyed `Entry.free`.
///
/// Why not two `ContiguousArray`s: on Linux each array allocation looks up its storage
/// class's generic metadata in the runtime's cache (about 480 instructions, two per record a
/// commit creates, 6 % of committing the record page), and that lookup's probing depends on
/// where the metadata landed, so a commit's instruction count moved by up to 4 % between
/// machines (RecordPage/commitIntoEmpty in CI, 2026-12-02). This class's metadata is not
/// generic: it is looked up once per process.
final class SlotStorage: ManagedBuffer<Int, SlotStorage.Entry> {
    /// One position of the table.
    struct Entry {
        /// The key of a position no field holds.
        static let free: Int32 = -1

        var key: Int32
        var slot: Slot?
    }

    /// A storage of `capacity` free entries. - Complexity: O(capacity).
    static func make(capacity: Int) -> SlotStorage {
        let storage = uninitialized(capacity: capacity)
        storage.withUnsafeMutablePointerToElements { entries in
            entries.initialize(repeating: Entry(key: Entry.free, slot: nil), count: capacity)
        }
        return storage
    }

    /// A storage holding what this one holds, for a table that shares this one and writes.
    /// - Complexity: O(capacity).
    func copy() -> SlotStorage {
        let capacity = header
        let copy = Self.uninitialized(capacity: capacity)
        withUnsafeMutablePointerToElements { entries in
            copy.withUnsafeMutablePointerToElements { $0.initialize(from: entries, count: capacity) }
        }
        return copy
    }

    /// Room for `capacity` entries, none initialized yet; the header records `capacity`.
    @inline(__always)
    private static func uninitialized(capacity: Int) -> SlotStorage {
        unsafeDowncast(SlotStorage.create(minimumCapacity: capacity) { _ in capacity }, to: SlotStorage.self)
    }

    deinit {
        // The fields alone, each moved out and dropped by code specialized for `Entry`:
        // `deinitialize(count:)` hands every entry to the runtime's array destroy, which
        // destroys each through its value witness, free ones too (about 36 instructions an
        // entry, half a table free). A free entry holds no slot: `make` writes them empty, and
        // a slot is only ever written with its key.
        withUnsafeMutablePointers { capacity, entries in
            for index in 0..<capacity.pointee where entries[index].key != Entry.free {
                _ = (entries + index).move()
            }
        }
    }
}
