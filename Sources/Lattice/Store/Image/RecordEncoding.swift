import Foundation

/// The compact binary form of one record, as the store's image keeps it (one row a record):
/// its fields by storage key, each value tagged (null, a scalar as binary JSON, a link or a
/// list of links as ids) with its field errors, and whether the record was deleted. No JSON
/// text: integers are varints, strings are length and UTF-8, so a row is about the size of
/// the values it holds.
///
/// ```
/// record  := version(2 or 3) flags fieldCount field*     flags: 1 = deleted
/// field   := key tag payload errors?                      tag: kind | 8 when errors follow
/// key     := string                                       (version 3: a name's number)
/// payload := json (scalar) | id (link) | count item* (links) | nothing (null)
/// item    := 0 (null) | (1 + shared) suffix               the id: `shared` bytes of the list's
///                                                          previous id, then `suffix` (a string)
/// json    := 0 null | 1 false | 2 true | 3 zigzag | 4 float64 | 5 string | 6 count json*
///          | 7 count (string json)* | 8 number (version 3: a name, `__typename`'s value)
///          | 9 (version 3: the row's own id, the `id` field's value)
/// errors  := count (message path? locations? extensions?)*
/// ```
public enum RecordEncoding {
    /// The version of the rows `encode` makes, the first byte of every row: a row of a version
    /// after `namedVersion` is refused as corrupt (never misread). Version 1 wrote each id of a list of links whole (`1 id`),
    /// which version 2 reads as an id sharing nothing with the one before: an image of version
    /// 1 reads back as written, and each row becomes version 2 when it is written again.
    static let version: UInt8 = 2
    /// The version of a row as the image stores it (`named(_:id:names:)`): each key, the type
    /// name and the row's own id by a number of the image's table of names (`ImageNames`).
    /// Only the image holds such rows; `encode` makes rows of `version`, which spell them.
    static let namedVersion: UInt8 = 3
    /// How deep a scalar's JSON may nest before a row is refused: decoding recurses, and a
    /// thread's stack is small on Apple platforms.
    static let maximumDepth = 256

    /// A record read back: its fields as the store writes them, and whether it was deleted.
    public struct Decoded: Hashable, Sendable {
        /// The fields, by storage key.
        public var fields: [String: FieldState]
        /// Whether the record was deleted (reads as null).
        public var isDeleted: Bool
    }

    /// Why a row could not be read back: where in its bytes, and what was wrong there.
    public struct CorruptRow: Error, Hashable, Sendable, CustomStringConvertible {
        /// The byte the reader stopped at.
        public let offset: Int
        /// What it found there.
        public let reason: String

        public var description: String { "corrupt record row at byte \(offset): \(reason)" }
    }

    /// The row of `fields` (and of a deleted record, with `isDeleted`).
    /// - Complexity: O(size of the values).
    public static func encode(_ fields: [String: FieldState], isDeleted: Bool = false) -> [UInt8] {
        var writer = Writer(fields: fields.count, isDeleted: isDeleted)
        // Sorted: the same record always gives the same row.
        for (key, state) in fields.sorted(by: { $0.key < $1.key }) {
            writer.string(key)
            writer.field(state)
        }
        return writer.bytes
    }

    /// The row of a live record: its slots, links as ids (what the write-behind does on the
    /// main actor for each record a commit changed).
    /// - Complexity: O(size of its values): the storage keys read under one lock, the fields
    ///   sorted by them, no dictionary (RecordPage/imageEncode).
    @MainActor
    public static func encode(_ record: Record) -> [UInt8] {
        let entries = record.slots.entries
        let keys = FieldKeyTable.shared.storageKeys(of: entries.lazy.map(\.key))
        var writer = Writer(fields: entries.count, isDeleted: record.type == .nonexistent)
        for index in order(of: keys) {
            let slot = entries[index].slot
            writer.string(keys[index])
            writer.field(FieldState(value: slot.value.fieldValue, errors: slot.errors))
        }
        return writer.bytes
    }

    /// The positions of `keys` in the order rows list fields (by key, as `encode(_:isDeleted:)`
    /// sorts them). Not on the main actor: a main-actor comparator checks its executor at
    /// every comparison, which cost the page's encoding a tenth of its time (RecordPage/imageEncode).
    /// - Complexity: O(n log n) comparisons of keys.
    private static func order(of keys: [String]) -> [Int] {
        keys.indices.sorted { keys[$0] < keys[$1] }
    }

    /// The row of what `store`'s base holds of `record`: its fields as the server's answers
    /// and local updates left them, under any pending optimistic layer
    /// (`Store.applyOptimistic(_:)`), which the image never holds. What the write-behind does
    /// on the main actor for each record a commit changed the base of.
    /// - Returns: nil when the base holds nothing of the record (a layer made it): nothing to
    ///   write.
    /// - Complexity: O(size of its values); a record no layer wrote costs `encode(_:)` and one
    ///   check of the store's layers.
    @MainActor
    public static func encodeBase(of record: Record, in store: Store) -> [UInt8]? {
        guard let backup = store.optimistic.backup(of: record) else { return encode(record) }
        if backup.type == .nonexistent { return encode([:], isDeleted: true) }
        var fields: [String: FieldState] = [:]
        for (key, slot) in record.slots.entries where backup.slots[key] == nil {
            fields[key.storageKey] = FieldState(value: slot.value.fieldValue, errors: slot.errors)
        }
        for case let (key, slot?) in backup.slots {
            fields[key.storageKey] = FieldState(value: slot.value.fieldValue, errors: slot.errors)
        }
        return fields.isEmpty ? nil : encode(fields)
    }

    /// The row of a record written as `newer` over the row `older` the image holds: the store
    /// in memory may hold part of a record (what this launch's screens read or fetched) whose
    /// row has more, and the fields it lacks stay. A deleted record's row, or an older row
    /// that does not read back, is replaced whole.
    /// - Complexity: O(bytes of both); a byte comparison when they are equal.
    public static func merge(_ newer: [UInt8], over older: [UInt8]) -> [UInt8] {
        // A record written again as it was (a page refetched): nothing to read.
        guard newer != older, let new = try? decode(newer), !new.isDeleted,
              let old = try? decode(older), !old.isDeleted else { return newer }
        guard old.fields.keys.contains(where: { new.fields[$0] == nil }) else { return newer }
        return encode(old.fields.merging(new.fields) { _, newer in newer })
    }

    /// The record a row `encode` made holds (or one of version 1). A row of version 3 names
    /// the image's names, which it is not given: its first key is refused as a name it lacks
    /// (`StoreImage.row(of:)` reads one of the image's as `encode` makes it).
    /// - Throws: `CorruptRow` naming the byte where the row stops making sense; nothing is
    ///   half read.
    /// - Complexity: O(bytes).
    public static func decode(_ row: [UInt8]) throws(CorruptRow) -> Decoded {
        try row.withUnsafeBytes { bytes in
            Result { () throws(CorruptRow) in try decode(bytes, names: [], id: nil) }
        }.get()
    }

    /// The record a row of the image holds, of any version: `names` are the image's
    /// (`ImageNames`), `id` the row's record. - Throws: `CorruptRow`, as `decode(_:)`.
    /// - Complexity: O(bytes).
    static func decode(_ bytes: UnsafeRawBufferPointer, names: [String?], id: DataID?) throws(CorruptRow) -> Decoded {
        var fields: [String: FieldState] = [:]
        let isDeleted = try decode(bytes, names: names, id: id) { key, state, reader throws(CorruptRow) in
            let key = try reader.text(of: key)
            guard fields.updateValue(state, forKey: key) == nil else { throw reader.corrupt("field \(key) twice") }
        }
        return Decoded(fields: fields, isDeleted: isDeleted)
    }

    /// Whether `one` and `other` hold the same bytes. - Complexity: O(bytes): up to 16 bytes
    /// (a key, a short value) without a call, more by `memcmp`.
    @inline(__always)
    static func sameBytes(_ one: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        let count = one.count
        guard count == other.count else { return false }
        guard let first = one.baseAddress, let second = other.baseAddress else { return true }
        switch count {
        case 8...16:
            return first.loadUnaligned(as: UInt64.self) == second.loadUnaligned(as: UInt64.self)
                && first.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == second.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 0..<8:
            for offset in 0..<count where first.load(fromByteOffset: offset, as: UInt8.self)
                != second.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            return true
        default:
            return memcmp(first, second, count) == 0
        }
    }

    /// How a row gives a field's storage key.
    enum Key {
        /// Its bytes (not yet checked as UTF-8: `Reader.text(of:)`), a row of version 1 or 2.
        case spelled(UnsafeRawBufferPointer)
        /// Its number and text in the image's names, a row of version 3.
        case named(Int, String)
    }

    /// Reads the row in `bytes` (SQLite's buffer, not copied), handing each field to `field`
    /// in the row's order: its storage key, its state, and the reader, for an error located
    /// at it. `names` and `id` are what a row of version 3 refers to (the image's names, the
    /// row's record).
    /// - Returns: whether the record was deleted.
    /// - Throws: `CorruptRow`, as `decode(_:)`, or what `field` throws.
    /// - Complexity: O(bytes).
    static func decode(_ bytes: UnsafeRawBufferPointer, names: [String?], id: DataID?,
                       field: (Key, FieldState, Reader) throws(CorruptRow) -> Void) throws(CorruptRow) -> Bool {
        var reader = Reader(bytes: bytes, names: names, id: id)
        let found = try reader.byte()
        guard 1...namedVersion ~= found else { throw reader.corrupt("version \(found), expected 1 to \(namedVersion)", back: 1) }
        reader.isNamed = found == namedVersion
        let flags = try reader.byte()
        guard flags <= 1 else { throw reader.corrupt("flags \(flags)", back: 1) }
        let count = try reader.count()
        for _ in 0..<count {
            let key: Key = if reader.isNamed {
                try reader.name()
            } else {
                .spelled(try reader.utf8())
            }
            try field(key, try reader.field(), reader)
        }
        guard reader.offset == bytes.count else { throw reader.corrupt("\(bytes.count - reader.offset) bytes after the record") }
        return flags == 1
    }
}

extension RecordEncoding {
    enum Kind: UInt8 {
        case null, scalar, link, links
    }

    enum JSONTag: UInt8 {
        case null, `false`, `true`, int, double, string, array, object
        /// A name of the image's (version 3).
        case name
        /// The row's own id (version 3).
        case ownID
    }

    static let hasErrors: UInt8 = 8

    struct Writer {
        var bytes: [UInt8] = []

        /// A row's writer, its header written: the version, the flags, the count of `fields`;
        /// room for `capacity` bytes when the row's size is known.
        init(fields: Int, isDeleted: Bool, version: UInt8 = RecordEncoding.version, capacity: Int? = nil) {
            // About the size of a row of the record's page (414 B for 15 fields), so that a
            // row rarely grows its buffer again.
            bytes.reserveCapacity(capacity ?? 16 + 32 * fields)
            bytes.append(version)
            bytes.append(isDeleted ? 1 : 0)
            varint(UInt64(fields))
        }

        mutating func varint(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func field(_ state: FieldState) {
            let errors = state.errors ?? []
            let flag = errors.isEmpty ? 0 : RecordEncoding.hasErrors
            switch state.value {
            case .null:
                bytes.append(Kind.null.rawValue | flag)
            case .scalar(let json):
                bytes.append(Kind.scalar.rawValue | flag)
                self.json(json)
            case .link(let id):
                bytes.append(Kind.link.rawValue | flag)
                string(id.rawValue)
            case .links(let ids):
                bytes.append(Kind.links.rawValue | flag)
                varint(UInt64(ids.count))
                links(ids)
            }
            if !errors.isEmpty { self.errors(errors) }
        }

        /// The ids of a list, each after the bytes it shares with the one before: the ids of a
        /// list are mostly of one type and differ in their ends (a page of links, 20 bytes
        /// each, took a row past a page of SQLite's and into overflow pages).
        mutating func links(_ ids: [DataID?]) {
            var previous = ""
            for id in ids {
                guard var text = id?.rawValue else {
                    bytes.append(0)
                    continue
                }
                text.withUTF8 { utf8 in
                    let shared = previous.withUTF8 { before in
                        var shared = 0
                        while shared < min(before.count, utf8.count), before[shared] == utf8[shared] { shared += 1 }
                        return shared
                    }
                    varint(UInt64(shared + 1))
                    varint(UInt64(utf8.count - shared))
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[shared...]))
                }
                previous = text
            }
        }

        mutating func json(_ value: JSONValue) {
            switch value {
            case .null: bytes.append(JSONTag.null.rawValue)
            case .bool(let flag): bytes.append(flag ? JSONTag.true.rawValue : JSONTag.false.rawValue)
            case .int(let number):
                bytes.append(JSONTag.int.rawValue)
                varint(UInt64(bitPattern: Int64((number << 1) ^ (number >> (Int.bitWidth - 1)))))
            case .double(let number):
                bytes.append(JSONTag.double.rawValue)
                withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            case .string(let text):
                bytes.append(JSONTag.string.rawValue)
                string(text)
            case .array(let items):
                bytes.append(JSONTag.array.rawValue)
                varint(UInt64(items.count))
                for item in items { json(item) }
            case .object(let members):
                bytes.append(JSONTag.object.rawValue)
                varint(UInt64(members.count))
                for name in members.keys.sorted() {
                    string(name)
                    json(members[name] ?? .null)
                }
            }
        }

        mutating func errors(_ errors: [GraphQLError]) {
            varint(UInt64(errors.count))
            for error in errors {
                string(error.message)
                let path: JSONValue = error.path.map { .array($0.map(\.json)) } ?? .null
                let locations: JSONValue = error.locations.map { locations in
                    .array(locations.map { .array([.int($0.line), .int($0.column)]) })
                } ?? .null
                json(path)
                json(locations)
                json(error.extensions.map(JSONValue.object) ?? .null)
            }
        }
    }

    /// Reads a row's bytes where they are (SQLite's buffer or an array's), each read checked
    /// against the row's end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// The image's names and the row's record, which a row of version 3 refers to.
        var names: [String?] = []
        var id: DataID?
        /// Whether the row is of version 3 (names by number).
        var isNamed = false

        init(bytes: UnsafeRawBufferPointer, names: [String?] = [], id: DataID? = nil) {
            self.bytes = bytes
            self.names = names
            self.id = id
        }

        /// A name of the image's, by its number.
        /// - Throws: `CorruptRow` at the number when the image's names lack it.
        mutating func name() throws(CorruptRow) -> Key {
            let start = offset
            let number = try varint()
            guard number < UInt64(names.count), let text = names[Int(number)] else {
                throw CorruptRow(offset: start, reason: "name \(number), which the image's names do not hold (\(names.count))")
            }
            return .named(Int(number), text)
        }

        /// The text of a name of the image's, by its number (`name()`).
        mutating func nameText() throws(CorruptRow) -> String {
            try text(of: try name())
        }

        /// The text of a field's key.
        func text(of key: Key) throws(CorruptRow) -> String {
            switch key {
            case .spelled(let utf8): try text(utf8)
            case .named(_, let text): text
            }
        }

        func corrupt(_ reason: String, back: Int = 0) -> CorruptRow {
            CorruptRow(offset: max(0, offset - back), reason: reason)
        }

        @inline(__always)
        mutating func byte() throws(CorruptRow) -> UInt8 {
            guard offset < bytes.count else { throw corrupt("the row ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// A varint; one of a byte (a count, a length, a name's number, mostly) without a call.
        @inline(__always)
        mutating func varint() throws(CorruptRow) -> UInt64 {
            if offset < bytes.count, bytes[offset] < 0x80 {
                defer { offset += 1 }
                return UInt64(bytes[offset])
            }
            return try longVarint()
        }

        private mutating func longVarint() throws(CorruptRow) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64, shift < 63 || next <= 1 else { throw corrupt("a number longer than 64 bits", back: 1) }
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        /// A count of things still to read: at most the bytes left, each taking one at least.
        @inline(__always)
        mutating func count() throws(CorruptRow) -> Int {
            let value = try varint()
            guard value <= UInt64(bytes.count - offset) else { throw corrupt("a count of \(value) past the row's end") }
            return Int(value)
        }

        /// The bytes of the next string, not yet checked as UTF-8.
        @inline(__always)
        mutating func utf8() throws(CorruptRow) -> UnsafeRawBufferPointer {
            let length = try count()
            let start = offset
            offset += length
            return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
        }

        /// The string in `utf8`, bytes of this row.
        /// - Throws: `CorruptRow` at its first byte when it is not UTF-8.
        func text(_ utf8: UnsafeRawBufferPointer) throws(CorruptRow) -> String {
            try Self.text(utf8, at: utf8.baseAddress.map { $0 - (bytes.baseAddress ?? $0) } ?? offset)
        }

        /// The string in `utf8`, located at `start` of the row when it is not UTF-8.
        static func text(_ utf8: UnsafeRawBufferPointer, at start: Int) throws(CorruptRow) -> String {
            // Decoded with repair (the standard library's fast path for a buffer), then checked:
            // a string that is not UTF-8 comes out with other bytes than it went in.
            var text = String(decoding: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
            guard text.withUTF8({ RecordEncoding.sameBytes(UnsafeRawBufferPointer($0), utf8) }) else {
                throw CorruptRow(offset: start, reason: "a string that is not UTF-8")
            }
            return text
        }

        mutating func string() throws(CorruptRow) -> String {
            try text(try utf8())
        }

        mutating func field() throws(CorruptRow) -> FieldState {
            let tag = try byte()
            guard let kind = Kind(rawValue: tag & ~RecordEncoding.hasErrors) else {
                throw corrupt("field tag \(tag)", back: 1)
            }
            let value: FieldValue
            switch kind {
            case .null: value = .null
            case .scalar: value = .scalar(try json(depth: 0))
            case .link: value = .link(DataID(try string()))
            case .links:
                value = .links(try links())
            }
            let errors = tag & RecordEncoding.hasErrors == 0 ? nil : try self.errors()
            return FieldState(value: value, errors: errors)
        }

        /// A list of links: each id after the bytes it shares with the one before (`Writer.links`).
        mutating func links() throws(CorruptRow) -> [DataID?] {
            let count = try count()
            var ids: [DataID?] = []
            ids.reserveCapacity(count)
            var previous: [UInt8] = []
            for _ in 0..<count {
                let start = offset
                let tag = try varint()
                guard tag != 0 else {
                    ids.append(nil)
                    continue
                }
                let shared = Int(clamping: tag - 1)
                guard shared <= previous.count else {
                    throw CorruptRow(offset: start, reason: "a link sharing \(tag - 1) bytes of an id of \(previous.count)")
                }
                let suffix = try utf8()
                previous.removeSubrange(shared...)
                previous.append(contentsOf: suffix)
                let text = previous.withUnsafeBytes { id in
                    Result { () throws(CorruptRow) in try Reader.text(id, at: start) }
                }
                ids.append(DataID(try text.get()))
            }
            return ids
        }

        mutating func json(depth: Int) throws(CorruptRow) -> JSONValue {
            guard depth < RecordEncoding.maximumDepth else {
                throw corrupt("JSON nested deeper than \(RecordEncoding.maximumDepth)")
            }
            let tag = try byte()
            guard let kind = JSONTag(rawValue: tag), isNamed || kind.rawValue < JSONTag.name.rawValue else {
                throw corrupt("JSON tag \(tag)", back: 1)
            }
            switch kind {
            case .name:
                return .string(try nameText())
            case .ownID:
                guard let id else { throw corrupt("the row's own id, in a row read without its id", back: 1) }
                return .string(id.rawValue)
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .int:
                let zigzag = try varint()
                return .int(Int(truncatingIfNeeded: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)))
            case .double:
                guard bytes.count - offset >= 8 else { throw corrupt("the row ends inside a number") }
                var pattern: UInt64 = 0
                for index in 0..<8 { pattern |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
                offset += 8
                return .double(Double(bitPattern: pattern))
            case .string:
                return .string(try string())
            case .array:
                let count = try count()
                var items: [JSONValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(try json(depth: depth + 1)) }
                return .array(items)
            case .object:
                let count = try count()
                var members: [String: JSONValue] = [:]
                for _ in 0..<count {
                    let name = try string()
                    members[name] = try json(depth: depth + 1)
                }
                return .object(members)
            }
        }

        mutating func errors() throws(CorruptRow) -> [GraphQLError] {
            let count = try count()
            var errors: [GraphQLError] = []
            for _ in 0..<count {
                let message = try string()
                let path = try json(depth: 0)
                let locations = try json(depth: 0)
                let extensions = try json(depth: 0)
                errors.append(GraphQLError(message: message, path: try Self.path(path, at: offset),
                                           locations: try Self.locations(locations, at: offset),
                                           extensions: try Self.extensions(extensions, at: offset)))
            }
            return errors
        }

        private static func path(_ json: JSONValue, at offset: Int) throws(CorruptRow) -> [GraphQLError.PathElement]? {
            switch json {
            case .null: return nil
            case .array(let items):
                var path: [GraphQLError.PathElement] = []
                for item in items {
                    switch item {
                    case .string(let key): path.append(.key(key))
                    case .int(let index): path.append(.index(index))
                    default: throw CorruptRow(offset: offset, reason: "an error path element that is \(item.kindDescription)")
                    }
                }
                return path
            default: throw CorruptRow(offset: offset, reason: "an error path that is \(json.kindDescription)")
            }
        }

        private static func locations(_ json: JSONValue, at offset: Int) throws(CorruptRow) -> [GraphQLError.Location]? {
            guard case .array(let items) = json else {
                if json == .null { return nil }
                throw CorruptRow(offset: offset, reason: "error locations that are \(json.kindDescription)")
            }
            var locations: [GraphQLError.Location] = []
            for item in items {
                guard case .array(let pair) = item, pair.count == 2, case .int(let line) = pair[0],
                      case .int(let column) = pair[1] else {
                    throw CorruptRow(offset: offset, reason: "an error location that is not a line and a column")
                }
                locations.append(GraphQLError.Location(line: line, column: column))
            }
            return locations
        }

        private static func extensions(_ json: JSONValue, at offset: Int) throws(CorruptRow) -> [String: JSONValue]? {
            switch json {
            case .null: return nil
            case .object(let members): return members
            default: throw CorruptRow(offset: offset, reason: "error extensions that are \(json.kindDescription)")
            }
        }
    }
}

extension GraphQLError.PathElement {
    /// The element as JSON: a key as a string, an index as an integer.
    var json: JSONValue {
        switch self {
        case .key(let key): .string(key)
        case .index(let index): .int(index)
        }
    }
}
