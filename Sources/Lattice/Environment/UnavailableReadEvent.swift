/// A read that cannot throw (a generated accessor the document does not ask to throw) that
/// found no value in the store to give, and gave a stand-in: its type's `unavailableValue`
/// for a non-null field, `nil` for a nullable one, no items for a list (decision record 0010).
/// Under a ready phase it does not happen for data the phase vouches for; it tells of a lens
/// kept past its ready phase, a record deleted under it, or a value of another type.
public struct UnavailableReadEvent: Hashable, Sendable, CustomStringConvertible {
    /// The operation or fragment whose selection holds the field.
    public let document: String
    /// The field's response key.
    public let field: String
    /// Why there was no value: `ReadError.name` (`missing`, `fieldErrors`, …).
    public let reason: String
    /// The error the throwing read would have thrown; `nil` unless the logger
    /// `includesValues` (it names the record and may carry a server's messages).
    public let error: ReadError?

    /// The event for `error` in `document`, keeping the error only when `includesValues`.
    public init(document: String, error: ReadError, includesValues: Bool) {
        self.document = document
        field = error.field
        reason = error.name
        self.error = includesValues ? error : nil
    }

    /// `unavailable read Document.field (missing)`.
    public var description: String { "unavailable read \(document).\(field) (\(reason))" }
}
