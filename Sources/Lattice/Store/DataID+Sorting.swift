extension DataID {
    /// `ids` in `DataID`'s order (`<`, its raw value's), as `ids.sorted()` returns them, with
    /// far fewer instructions when every id is ASCII, as ids almost always are.
    ///
    /// Why: a collection pass returned the ids it removed sorted (it now gives them in the
    /// order their records were made), and sorting the 50,003 ids of `RecordPage/collectNone`
    /// with `String`'s `<` took 181 M of the pass's 334 M
    /// instructions, 165 a comparison, most of it `String`'s comparison machinery around a
    /// `memcmp` of ids sharing their first 14 bytes (base64 of `Character:n`). Here each id's
    /// first 24 bytes are packed once into three integers (`SortKey`) and compared as such;
    /// ids whose 24 bytes are equal are compared as strings. For ASCII strings the bytes'
    /// order is `String`'s (ASCII is its own normal form); an id with any other byte sends the
    /// whole list to `sorted()`.
    /// - Complexity: O(n log n) comparisons of three integers, plus one pass over the ids' bytes.
    static func sorted(_ ids: [DataID]) -> [DataID] {
        guard ids.count > 1 else { return ids }
        var keys: [SortKey] = []
        keys.reserveCapacity(ids.count)
        for index in ids.indices {
            guard let key = SortKey(ids[index].rawValue, index: index) else { return ids.sorted() }
            keys.append(key)
        }
        keys.sort { left, right in
            if left.first != right.first { return left.first < right.first }
            if left.second != right.second { return left.second < right.second }
            if left.third != right.third { return left.third < right.third }
            return ids[left.index] < ids[right.index]
        }
        return keys.map { ids[$0.index] }
    }
}

/// An ASCII id's first 24 bytes, big-endian in three integers (zero past its end), and its
/// place in the list being sorted. Two ids whose keys differ compare as their keys do; a byte
/// zero past the end orders a shorter id first, as `String` does, and an id that holds a zero
/// byte ties with its prefix, which the strings then decide.
private struct SortKey {
    let first: UInt64
    let second: UInt64
    let third: UInt64
    let index: Int

    /// Nil when `raw` holds a byte outside ASCII or has no contiguous UTF-8.
    /// - Complexity: O(length of `raw`), eight bytes at a time.
    init?(_ raw: String, index: Int) {
        let words = raw.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64, UInt64)? in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return (0, 0, 0) }
            let start = UnsafeRawPointer(base)
            let count = bytes.count
            // ASCII: no byte with its high bit set.
            var union: UInt64 = 0
            var offset = 0
            while offset + 8 <= count {
                union |= start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < count {
                union |= UInt64(bytes[offset])
                offset += 1
            }
            guard union & 0x8080_8080_8080_8080 == 0 else { return nil }
            func word(from first: Int) -> UInt64 {
                if first + 8 <= count { return start.loadUnaligned(fromByteOffset: first, as: UInt64.self).bigEndian }
                var value: UInt64 = 0
                for position in first..<first + 8 {
                    value = value << 8 | (position < count ? UInt64(bytes[position]) : 0)
                }
                return value
            }
            return (word(from: 0), word(from: 8), word(from: 16))
        }
        guard let words = words ?? nil else { return nil }
        (first, second, third) = words
        self.index = index
    }
}
