/// The row as the image stores it (version 3): each field's storage key, the type name and the
/// row's own id by a number of the image's table of names (`ImageNames`), so a page's rows do
/// not each spell the same keys (issue 38: 240 KiB of the page's image, about 26 B a row per
/// character of its keys).
extension RecordEncoding {
    /// The row of version 3 holding what `row` (a row `encode` made, keys spelled) holds, for
    /// record `id`: its keys numbered by `names` (a name met the first time is given a number,
    /// saved with the row: `ImageNames.save(to:)`), `__typename`'s value a name, a field whose
    /// value is the row's own id (the `id` field) that id by reference; every other value
    /// copied as it is.
    /// - Throws: `CorruptRow` when `row` does not read back.
    /// - Complexity: O(bytes of the row), one hash a key.
    static func named(_ row: [UInt8], id: DataID, names: inout ImageNames) throws(CorruptRow) -> [UInt8] {
        try row.withUnsafeBytes { bytes in
            Result { () throws(CorruptRow) in try named(bytes, id: id, names: &names) }
        }.get()
    }

    private static func named(_ bytes: UnsafeRawBufferPointer, id: DataID, names: inout ImageNames) throws(CorruptRow) -> [UInt8] {
        var reader = Reader(bytes: bytes)
        let found = try reader.byte()
        guard 1...version ~= found else { throw reader.corrupt("version \(found), expected 1 to \(version)", back: 1) }
        let flags = try reader.byte()
        guard flags <= 1 else { throw reader.corrupt("flags \(flags)", back: 1) }
        let count = try reader.count()
        var writer = Writer(fields: count, isDeleted: flags == 1, version: namedVersion)
        writer.bytes.reserveCapacity(bytes.count)
        for _ in 0..<count {
            let key = try reader.string()
            writer.varint(UInt64(names.number(of: key)))
            let start = reader.offset
            if let text = try reader.stringScalar() {
                if key == "__typename" {
                    writer.bytes += [Kind.scalar.rawValue, JSONTag.name.rawValue]
                    writer.varint(UInt64(names.number(of: text)))
                    continue
                }
                if text == id.rawValue {
                    writer.bytes += [Kind.scalar.rawValue, JSONTag.ownID.rawValue]
                    continue
                }
                reader.offset = start
            }
            _ = try reader.field()
            writer.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<reader.offset]))
        }
        guard reader.offset == bytes.count else { throw reader.corrupt("\(bytes.count - reader.offset) bytes after the record") }
        return writer.bytes
    }
}

extension RecordEncoding.Reader {
    /// The string of a field whose value is a string scalar without errors, read past; nil
    /// (nothing read) for another field.
    mutating func stringScalar() throws(RecordEncoding.CorruptRow) -> String? {
        guard bytes.count - offset >= 2, bytes[offset] == RecordEncoding.Kind.scalar.rawValue,
              bytes[offset + 1] == RecordEncoding.JSONTag.string.rawValue else { return nil }
        offset += 2
        return try string()
    }
}
