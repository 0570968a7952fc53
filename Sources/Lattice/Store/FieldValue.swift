/// The value of one field of a record, as writes and snapshots spell it: links by `DataID`.
///
/// The live store keeps links as record references (`StoredValue`) so that a read follows a
/// link without a lookup; this type is the boundary form for updates, snapshots and printing.
public enum FieldValue: Hashable, Sendable {
    /// `null`, written by the server or an update.
    case null
    /// A scalar or enum value, or a list of them (never `.null`: that is `.null`).
    case scalar(JSONValue)
    /// A link to another record.
    case link(DataID)
    /// A list of links; `nil` is a null item.
    case links([DataID?])

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A field as a snapshot shows it: its value and the field errors stored beside it.
public struct FieldState: Hashable, Sendable {
    /// The field's value.
    public var value: FieldValue
    /// The errors placed at this field, or `nil`: beside a `null`, or beside a list one of
    /// whose items the errors nulled.
    public var errors: [GraphQLError]?

    /// A value, with the errors placed beside it if any.
    public init(value: FieldValue, errors: [GraphQLError]? = nil) {
        self.value = value
        self.errors = errors
    }
}
