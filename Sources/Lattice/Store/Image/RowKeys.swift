/// The storage keys of the rows one hydration reads, found by their bytes: a row spells each
/// field's key, and most rows of a page spell the same few, so a key met before is matched
/// where SQLite holds the row, without making a string of it or hashing it with SipHash.
/// A row of version 3 names its keys by number (`ImageNames`): a number met before is one
/// array read. A class: a hydration's copies share what it has met.
final class RowKeys {
    /// The keys met, their bytes and their `FieldKey`.
    private var known: [(bytes: [UInt8], key: FieldKey)] = []
    /// Their places in `known`, by their bytes.
    private var index = BytesIndex()
    /// The keys of the image's names met, by number.
    private var named: [FieldKey?] = []
    /// The image's names (`ImageNames`), which a row of version 3 refers to.
    private var names: [String?] = []

    /// Reads the rows that follow with the image's `names` (read in their transaction); the
    /// keys met by number are forgotten when they changed.
    /// - Complexity: O(names), a comparison.
    func use(_ names: [String?]) {
        guard names != self.names else { return }
        self.names = names
        named = []
    }

    /// The fields of the row in `bytes`, record `id`'s, keys interned; nil when the row is of a
    /// deleted record (which is then known deleted, not unknown: `ImageHydration`).
    /// - Throws: `RecordEncoding.CorruptRow`, as `RecordEncoding.decode(_:)`.
    /// - Complexity: O(bytes); a key met before costs a hash of its bytes and one comparison,
    ///   or one array read when the row names it by number.
    func fields(of bytes: UnsafeRawBufferPointer, id: DataID) throws(RecordEncoding.CorruptRow)
        -> [(key: FieldKey, state: FieldState)]? {
        var fields: [(key: FieldKey, state: FieldState)] = []
        let isDeleted = try RecordEncoding.decode(bytes, names: names, id: id) { key, state, reader throws(RecordEncoding.CorruptRow) in
            let fieldKey = try self.key(key, in: reader)
            guard !fields.contains(where: { $0.key == fieldKey }) else {
                throw reader.corrupt("field \(try reader.text(of: key)) twice")
            }
            fields.append((fieldKey, state))
        }
        return isDeleted ? nil : fields
    }

    /// The key `key` of the row `reader` reads, interned the first time.
    private func key(_ key: RecordEncoding.Key, in reader: RecordEncoding.Reader) throws(RecordEncoding.CorruptRow) -> FieldKey {
        switch key {
        case .spelled(let utf8):
            return try self.key(utf8, in: reader)
        case .named(let number, let text):
            if number < named.count, let key = named[number] { return key }
            if named.count <= number { named.append(contentsOf: repeatElement(nil, count: number + 1 - named.count)) }
            let key = FieldKey(text)
            named[number] = key
            return key
        }
    }

    /// The key spelled `utf8` (bytes of the row `reader` reads), interned the first time.
    private func key(_ utf8: UnsafeRawBufferPointer, in reader: RecordEncoding.Reader)
        throws(RecordEncoding.CorruptRow) -> FieldKey {
        if let place = index.position(of: utf8, where: { place in
            known[place].bytes.withUnsafeBytes { RecordEncoding.sameBytes($0, utf8) }
        }) {
            return known[place].key
        }
        let key = FieldKey(try reader.text(utf8))
        index.add(known.count, for: utf8)
        known.append((Array(utf8), key))
        return key
    }
}
