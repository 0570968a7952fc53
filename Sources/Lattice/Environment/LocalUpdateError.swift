/// Why a local update of client-only fields was refused (`Environment.commitLocalUpdate`):
/// the whole update is refused and nothing of it is committed.
public enum LocalUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store holds no record `record` (never written, or deleted), or one whose type it
    /// does not know (no `__typename` written).
    case noRecord(DataID)
    /// The record's type has no field `field` at all.
    case unknownField(record: DataID, type: String, field: String)
    /// `field` is the server's: only the server writes it (a response, a mutation).
    case serverField(record: DataID, type: String, field: String)
    /// `field` holds objects: a local update writes scalar and enum client fields.
    case objectField(record: DataID, type: String, field: String)
    /// The value does not fit the field's type (`expected`, as the schema writes it).
    case valueDoesNotFit(record: DataID, field: String, expected: String, found: String)

    /// The case's stable name, for logs and tests.
    public var name: String {
        switch self {
        case .noRecord: "noRecord"
        case .unknownField: "unknownField"
        case .serverField: "serverField"
        case .objectField: "objectField"
        case .valueDoesNotFit: "valueDoesNotFit"
        }
    }

    /// What went wrong, where: the record and the field.
    public var description: String {
        switch self {
        case .noRecord(let record): "\(record): no such record in the store"
        case let .unknownField(record, type, field): "\(record).\(field): \(type) has no field \(field)"
        case let .serverField(record, type, field):
            "\(record).\(field): \(type).\(field) is the server's; a local update writes client-only fields"
        case let .objectField(record, type, field):
            "\(record).\(field): \(type).\(field) holds objects; a local update writes scalar and enum client fields"
        case let .valueDoesNotFit(record, field, expected, found):
            "\(record).\(field): expected \(expected), found \(found)"
        }
    }
}
