/// A lookup an attach refused (`LogEntry.lookupRefused`): its key arguments name a record the
/// store holds, but of a type the field cannot return (`book(id:)` naming an `Author`), so the
/// store does not answer it and the field stays missing: the operation is fetched, and the
/// server answers for that path.
public struct LookupRefusedEvent: Hashable, Sendable, CustomStringConvertible {
    /// The operation or fragment whose own selection holds the field.
    public let document: String
    /// The response keys from the document's root down to the field: `["book"]`.
    public let path: [String]
    /// The lookup, `Query.book`.
    public let lookup: LookupField
    /// The type of the record the arguments named.
    public let typename: String
    /// The record the arguments named; `nil` unless the logger `includesValues`.
    public let record: DataID?

    /// An event for the lookup at `path` in `document`, whose record is a `typename` (`record`
    /// when values are logged).
    public init(document: String, path: [String], lookup: LookupField, typename: String, record: DataID? = nil) {
        self.document = document
        self.path = path
        self.lookup = lookup
        self.typename = typename
        self.record = record
    }

    /// `lookup Query.book at Document.book refused: the record is a Author`, with its id when
    /// given.
    public var description: String {
        "lookup \(lookup) at \(document).\(path.joined(separator: ".")) refused: the record"
            + (record.map { " \($0)" } ?? "") + " is a \(typename), which the field cannot return"
    }

    /// The event with its record left out, for a logger without values.
    var withoutValues: LookupRefusedEvent {
        LookupRefusedEvent(document: document, path: path, lookup: lookup, typename: typename)
    }
}
