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
        var text = ""
        for (index, value) in values.enumerated() {
            guard append(value, at: index, to: &text) else { return nil }
        }
        return DataID(text)
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
        var text = ""
        for (index, field) in fields.enumerated() {
            guard let value = object[field] else { return .missing(field: field) }
            guard append(value, at: index, to: &text) else { return .unusable }
        }
        return .id(DataID(text))
    }

    /// Appends the key value `value` of field `index` to a record ID being made: the space's
    /// name first, `:` between values, each value escaped when the key has several; false for
    /// a value that keys nothing.
    private func append(_ value: JSONValue, at index: Int, to text: inout String) -> Bool {
        if index == 0, case .type(let space) = scope {
            text += space
            text += ":"
        }
        let part: String
        switch value {
        case .string(let raw): part = raw
        case .int(let raw): part = String(raw)
        case .bool(let raw): part = raw ? "true" : "false"
        case .null, .double, .array, .object: return false
        }
        if index > 0 { text += ":" }
        // One field's value is the ID as it is; several are escaped so they split one way.
        if fields.count == 1 || !part.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "\\") }) {
            text += part
        } else {
            for character in part.unicodeScalars {
                if character == ":" || character == "\\" { text.unicodeScalars.append("\\") }
                text.unicodeScalars.append(character)
            }
        }
        return true
    }
}
