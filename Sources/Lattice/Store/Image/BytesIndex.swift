/// Positions of short byte strings (a row's keys, the image's names), found by their bytes
/// where a row holds them: no string made, no SipHash. An open-addressed table by FNV-1a hash;
/// its owner keeps the bytes and says whether a position holds the bytes looked for.
struct BytesIndex {
    /// The positions added, with the hash of their bytes.
    private var entries: [(position: Int, hash: UInt32)] = []
    /// Places in `entries` plus one (0: empty), by hash; a power of two long, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)

    /// The position added for bytes `matches` says are `bytes`, or nil.
    /// - Complexity: a hash of `bytes`, and `matches` for each position of the same hash.
    func position(of bytes: UnsafeRawBufferPointer, where matches: (Int) -> Bool) -> Int? {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash, matches(entry.position) { return entry.position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds `position` for `bytes` (not yet added). - Complexity: amortized O(bytes).
    mutating func add(_ position: Int, for bytes: UnsafeRawBufferPointer) {
        entries.append((position, Self.hash(bytes)))
        if entries.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for place in entries.indices { self.place(place) }
        } else {
            place(entries.count - 1)
        }
    }

    private mutating func place(_ place: Int) {
        let mask = slots.count - 1
        var slot = Int(entries[place].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(place + 1)
    }

    /// The FNV-1a hash of `bytes`: they are a few bytes, from the app's own image.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
