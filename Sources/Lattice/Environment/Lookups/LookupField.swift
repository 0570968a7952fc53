/// A field the store answers by its key arguments: `Query.node(id:)` returns the record whose
/// key is the argument's value, so an operation that selects `node(id: "I1")` is available
/// when `I1` is in the store with what the operation selects of it, though no response ever
/// wrote `node(id: "I1")` (Relay's missing-field handlers, configured rather than written).
///
/// Named by its schema coordinate, `Type.field`: the lookup is met wherever a selection on
/// `Type` selects `field`, with whatever other arguments. Which of its arguments name the
/// record, and how, is the record's identity: the arguments named by the key fields of the
/// field's type (`id`). A `LookupField` is only a name; `Lookups` checks it against a schema.
public struct LookupField: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The type whose field it is (`Query`).
    public let type: String
    /// The field's name (`node`).
    public let field: String

    /// The lookup `type.field`.
    public init(type: String, field: String) {
        self.type = type
        self.field = field
    }

    /// The lookup a schema coordinate names, `"Query.node"`; `nil` unless the text is two
    /// non-empty names joined by one dot. - Complexity: O(length of the text).
    public init?(coordinate: String) {
        let parts = coordinate.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !parts.contains(where: { $0.contains(where: \.isWhitespace) }) else { return nil }
        self.init(type: String(parts[0]), field: String(parts[1]))
    }

    /// The schema coordinate, `Query.node`.
    public var description: String { type + "." + field }

    public static func < (lhs: LookupField, rhs: LookupField) -> Bool {
        (lhs.type, lhs.field) < (rhs.type, rhs.field)
    }
}
