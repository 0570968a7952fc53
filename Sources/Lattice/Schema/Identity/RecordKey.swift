/// How the store keys the records of one type: by the values of its key `fields`, in order,
/// in a key space that is either global (one for every type, as Relay's `Node.id`) or the
/// type's own (`scope`).
///
/// The record ID is the key's values as text: one field's value alone (`"42"`, the record ID
/// a global `id` has always had), several joined by `:` with each value's `\` and `:` escaped
/// (`978-0:2`), and for a scoped key the space's name before them (`Review:42`). Values are
/// strings, integers (in decimal) or booleans; a `42` and a `"42"` key the same record, as a
/// global `id` sent either way always has.
public struct RecordKey: Hashable, Sendable {
    /// The key space a key's values are unique in.
    public enum Scope: Hashable, Sendable {
        /// One space for every type: equal key values are one record whatever its type.
        case global
        /// The space named `space` (a type's own name unless configured otherwise): the record
        /// ID begins with `space:`. One type a space (`IdentityError.sharedKeySpace`).
        case type(space: String)
    }

    /// The key fields, in the order their values make the record ID (at least one).
    public let fields: [String]
    /// The key space.
    public let scope: Scope

    /// A record keyed by the global `id`: what a type with `id: ID!` has without configuration.
    public static let id = RecordKey(fields: ["id"])

    /// A key of `fields` (at least one) in `scope`.
    public init(fields: [String], scope: Scope = .global) {
        self.fields = fields
        self.scope = scope
    }

    /// Whether the key is the default one (`RecordKey.id`), whose record ID is the `id` sent.
    public var isDefault: Bool { self == .id }

    /// The record ID of an object whose key fields hold `values` (in `fields` order), `nil`
    /// when one of them cannot key a record (null, a float, a list or an object).
    /// - Complexity: O(length of the values).
    public func recordID(values: [JSONValue]) -> DataID? {
        guard values.count == fields.count else { return nil }
        switch recordID(value: { values[$0] }) {
        case .id(let id): return id
        case .missing, .unusable: return nil
        }
    }

    /// What an object's key fields make: its record ID, or the first key field it lacks, or
    /// `nil` for a value that keys nothing.
    enum Found {
        case id(DataID)
        case missing(field: String)
        case unusable
    }

    /// The record ID of `object`, a response's, by its key fields: what the normalizer keys it
    /// by, without a copy of the values. - Complexity: O(key fields + length of their values).
    func recordID(in object: [String: JSONValue]) -> Found {
        recordID(value: { object[fields[$0]] })
    }

    /// The record ID of the key whose field `index` holds `value(index)`. The text is measured
    /// first and copied once into a string of that length: appending part by part grew it
    /// several times a record, most of what a composite key added to the ingest (issue 39).
    @inline(__always)
    private func recordID(value: (Int) -> JSONValue?) -> Found {
        if fields.count == 1, case .global = scope {
            // One field's value is the ID as it is.
            guard let found = value(0) else { return .missing(field: fields[0]) }
            guard let part = Self.text(of: found) else { return .unusable }
            return .id(DataID(part))
        }
        return withUnsafeTemporaryAllocation(of: String.self, capacity: fields.count) { parts -> Found in
            var filled = 0
            defer { UnsafeMutableBufferPointer(rebasing: parts[..<filled]).deinitialize() }
            var length = 0
            var escapes = 0
            if case .type(let space) = scope { length += space.utf8.count + 1 }
            for index in fields.indices {
                guard let found = value(index) else { return .missing(field: fields[index]) }
                guard var part = Self.text(of: found) else { return .unusable }
                // One field's value follows its space as it is; several are escaped, so the
                // ID splits one way.
                part.withUTF8 { bytes in
                    length += (index > 0 ? 1 : 0) + bytes.count
                    if fields.count > 1 { escapes += bytes.count(where: Self.isEscaped) }
                }
                parts.initializeElement(at: index, to: part)
                filled += 1
            }
            return .id(DataID(joining(parts[..<filled], length: length + escapes, escaping: escapes > 0)))
        }
    }

    /// The record ID's text, `length` bytes: the space's name and `:` for a scoped key, then
    /// the parts joined by `:`, with a `\` before each `:` and `\` in them when `escaping`.
    private func joining(_ parts: Slice<UnsafeMutableBufferPointer<String>>, length: Int, escaping: Bool) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            var position = 0
            if case .type(let space) = scope {
                position = Self.copy(space, into: buffer, at: position, escaping: false)
                buffer[position] = UInt8(ascii: ":")
                position += 1
            }
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    buffer[position] = UInt8(ascii: ":")
                    position += 1
                }
                position = Self.copy(part, into: buffer, at: position, escaping: escaping)
            }
            return position
        }
    }

    /// Copies `text`'s bytes into `buffer` from `start`, with a `\` before each `:` and `\`
    /// when `escaping`; returns the position after them.
    private static func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int,
                             escaping: Bool) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard escaping else {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[start ..< start + bytes.count]).update(fromContentsOf: bytes)
                return start + bytes.count
            }
            var position = start
            for byte in bytes {
                if isEscaped(byte) {
                    buffer[position] = UInt8(ascii: "\\")
                    position += 1
                }
                buffer[position] = byte
                position += 1
            }
            return position
        }
    }

    /// A key value's text: a string as it is, an integer in decimal, a boolean as `true` or
    /// `false`; `nil` for a value that keys nothing.
    private static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let raw): raw
        case .int(let raw): String(raw)
        case .bool(let raw): raw ? "true" : "false"
        case .null, .double, .array, .object: nil
        }
    }

    /// Whether a byte of a key's value is escaped in a record ID of several values: `:`, `\`.
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\\")
    }
}
