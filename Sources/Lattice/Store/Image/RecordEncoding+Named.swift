/// The row as the image stores it (version 3): each field's storage key, the type name and the
/// row's own id by a number of the image's table of names (`ImageNames`), so a page's rows do
/// not each spell the same keys (issue 38: 240 KiB of the page's image, about 26 B a row per
/// character of its keys). Both steps work on the rows' bytes: no string is made of a key or
/// a value the image already names.
extension RecordEncoding {
    /// The key whose string value the image holds as a name.
    private static let typenameKey: StaticString = "__typename"

    /// The row of version 3 holding what `row` (a row `encode` made, keys spelled) holds, for
    /// record `id`: its keys numbered by `names` (a name met the first time is given a number,
    /// saved with the row: `ImageNames.save(to:)`), `__typename`'s value a name, a field whose
    /// value is the row's own id (the `id` field) that id by reference; every other value
    /// copied as it is.
    /// - Throws: `CorruptRow` when `row` does not read back.
    /// - Complexity: O(bytes of the row), a hash of each key's bytes.
    static func named(_ row: [UInt8], id: DataID, names: ImageNames) throws(CorruptRow) -> [UInt8] {
        var id = id.rawValue
        return try id.withUTF8 { id in
            row.withUnsafeBytes { bytes in
                Result { () throws(CorruptRow) in try named(bytes, id: UnsafeRawBufferPointer(id), names: names) }
            }
        }.get()
    }

    private static func named(_ bytes: UnsafeRawBufferPointer, id: UnsafeRawBufferPointer,
                              names: ImageNames) throws(CorruptRow) -> [UInt8] {
        var reader = Reader(bytes: bytes)
        let found = try reader.byte()
        guard 1...version ~= found else { throw reader.corrupt("version \(found), expected 1 to \(version)", back: 1) }
        let flags = try reader.byte()
        guard flags <= 1 else { throw reader.corrupt("flags \(flags)", back: 1) }
        let count = try reader.count()
        var writer = Writer(fields: count, isDeleted: flags == 1, version: namedVersion, capacity: bytes.count)
        for _ in 0..<count {
            let key = try reader.utf8()
            writer.varint(UInt64(try names.number(of: key, in: reader)))
            let start = reader.offset
            if let text = try reader.stringScalar() {
                if sameBytes(key, typenameKey.bytes) {
                    writer.bytes += [Kind.scalar.rawValue, JSONTag.name.rawValue]
                    writer.varint(UInt64(try names.number(of: text, in: reader)))
                    continue
                }
                if sameBytes(text, id) {
                    writer.bytes += [Kind.scalar.rawValue, JSONTag.ownID.rawValue]
                    continue
                }
                reader.offset = start
            }
            try reader.skipField()
            writer.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<reader.offset]))
        }
        guard reader.offset == bytes.count else { throw reader.corrupt("\(bytes.count - reader.offset) bytes after the record") }
        return writer.bytes
    }

    /// Whether the image's row `stored` (of version 3, naming `names`) holds what `spelled` (a
    /// row `encode` made) holds, for record `id` (its UTF-8): the same fields in the same
    /// order, each key the name of its number, each value the same bytes or the name or own
    /// id that `named` made of them. The writer's test before it writes a row again: where
    /// SQLite keeps the row, no row made. A row of another version, or one that does not read
    /// back, holds nothing the same.
    /// - Complexity: O(bytes of `spelled`), no hashing.
    static func holdsTheSame(_ stored: UnsafeRawBufferPointer, as spelled: UnsafeRawBufferPointer, names: ImageNames,
                             id: UnsafeRawBufferPointer) -> Bool {
        names.withSpellings { names in holdsTheSame(stored, as: spelled, names: names, id: id) }
    }

    private static func holdsTheSame(_ stored: UnsafeRawBufferPointer, as spelled: UnsafeRawBufferPointer,
                                     names: ImageNames.Spellings, id: UnsafeRawBufferPointer) -> Bool {
        var old = Reader(bytes: stored)
        var new = Reader(bytes: spelled)
        do throws(CorruptRow) {
            let versions = (try old.byte(), try new.byte())
            guard versions.0 == namedVersion, 1...version ~= versions.1, try old.byte() == new.byte() else { return false }
            let count = try new.count()
            guard try old.count() == count else { return false }
            for _ in 0..<count {
                guard let number = Int(exactly: try old.varint()), names.names(number, as: try new.utf8()) else { return false }
                let start = new.offset
                if let tag = old.storedName() {
                    guard let text = try new.stringScalar() else { return false }
                    if tag == JSONTag.name.rawValue {
                        guard let name = Int(exactly: try old.varint()), names.names(name, as: text) else { return false }
                    } else {
                        guard sameBytes(text, id) else { return false }
                    }
                    continue
                }
                try new.skipField()
                let length = new.offset - start
                guard stored.count - old.offset >= length,
                      sameBytes(UnsafeRawBufferPointer(rebasing: stored[old.offset..<old.offset + length]),
                                UnsafeRawBufferPointer(rebasing: spelled[start..<new.offset]))
                else { return false }
                old.offset += length
            }
            return old.offset == stored.count && new.offset == spelled.count
        } catch {
            return false
        }
    }
}

extension StaticString {
    /// The literal's UTF-8. - Complexity: O(1).
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}

extension RecordEncoding.Reader {
    /// The bytes of the string of a field whose value is a string scalar without errors, read
    /// past; nil (nothing read) for another field.
    @inline(__always)
    mutating func stringScalar() throws(RecordEncoding.CorruptRow) -> UnsafeRawBufferPointer? {
        guard bytes.count - offset >= 2, bytes[offset] == RecordEncoding.Kind.scalar.rawValue,
              bytes[offset + 1] == RecordEncoding.JSONTag.string.rawValue else { return nil }
        offset += 2
        return try utf8()
    }

    /// The JSON tag of a field of version 3 whose value is a name or the row's own id, read
    /// past (not the name's number); nil (nothing read) for another field.
    @inline(__always)
    mutating func storedName() -> UInt8? {
        guard bytes.count - offset >= 2, bytes[offset] == RecordEncoding.Kind.scalar.rawValue else { return nil }
        let tag = bytes[offset + 1]
        guard tag == RecordEncoding.JSONTag.name.rawValue || tag == RecordEncoding.JSONTag.ownID.rawValue else { return nil }
        offset += 2
        return tag
    }

    /// Reads past a field of a row `encode` made, checking only its structure (UTF-8 is
    /// checked where the row is read back). - Throws: `CorruptRow`, as `field()`.
    mutating func skipField() throws(RecordEncoding.CorruptRow) {
        let tag = try byte()
        guard let kind = RecordEncoding.Kind(rawValue: tag & ~RecordEncoding.hasErrors) else {
            throw corrupt("field tag \(tag)", back: 1)
        }
        switch kind {
        case .null: break
        case .scalar:
            // A string or a number without a call: most scalars.
            guard offset < bytes.count else { throw corrupt("the row ends early") }
            switch bytes[offset] {
            case RecordEncoding.JSONTag.string.rawValue:
                offset += 1
                _ = try utf8()
            case RecordEncoding.JSONTag.int.rawValue:
                offset += 1
                _ = try varint()
            default: try skipJSON(depth: 0)
            }
        case .link: _ = try utf8()
        case .links:
            for _ in 0..<(try count()) {
                let item = try varint()
                if item != 0 { _ = try utf8() }
            }
        }
        guard tag & RecordEncoding.hasErrors != 0 else { return }
        for _ in 0..<(try count()) {
            _ = try utf8()
            for _ in 0..<3 { try skipJSON(depth: 0) }
        }
    }

    /// Reads past a JSON value of a row `encode` made (no name, no own id).
    private mutating func skipJSON(depth: Int) throws(RecordEncoding.CorruptRow) {
        guard depth < RecordEncoding.maximumDepth else {
            throw corrupt("JSON nested deeper than \(RecordEncoding.maximumDepth)")
        }
        let tag = try byte()
        guard let kind = RecordEncoding.JSONTag(rawValue: tag), kind.rawValue < RecordEncoding.JSONTag.name.rawValue else {
            throw corrupt("JSON tag \(tag)", back: 1)
        }
        switch kind {
        case .null, .false, .true, .name, .ownID: break
        case .int: _ = try varint()
        case .double:
            guard bytes.count - offset >= 8 else { throw corrupt("the row ends inside a number") }
            offset += 8
        case .string: _ = try utf8()
        case .array:
            for _ in 0..<(try count()) { try skipJSON(depth: depth + 1) }
        case .object:
            for _ in 0..<(try count()) {
                _ = try utf8()
                try skipJSON(depth: depth + 1)
            }
        }
    }
}
