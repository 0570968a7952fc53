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
        var text: String
        switch scope {
        case .global: text = ""
        case .type(let space): text = space + ":"
        }
        if values.count == 1, case .global = scope {
            return Self.text(of: values[0]).map { DataID($0) }
        }
        for (index, value) in values.enumerated() {
            guard let part = Self.text(of: value) else { return nil }
            if index > 0 { text += ":" }
            text += values.count == 1 ? part : Self.escaped(part)
        }
        return DataID(text)
    }

    /// A key value as text: a string itself, an integer in decimal, a boolean `true`/`false`.
    private static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let raw): raw
        case .int(let raw): String(raw)
        case .bool(let raw): raw ? "true" : "false"
        case .null, .double, .array, .object: nil
        }
    }

    /// `part` with `\` and `:` escaped, so joined values split back one way only.
    private static func escaped(_ part: String) -> String {
        guard part.contains(where: { $0 == ":" || $0 == "\\" }) else { return part }
        var escaped = ""
        for character in part {
            if character == ":" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
