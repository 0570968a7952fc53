/// Why a lens read produced no value. Missing data is always reported, never defaulted.
/// Each case names the record and the field's response key.
public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store never received the field.
    case missing(record: DataID, field: String)
    /// The field is null because of these errors, and the read cannot be null (a non-optional
    /// read, or the document has `@throwOnFieldError`).
    case fieldErrors(record: DataID, field: String, [GraphQLError])
    /// The field is null and the read asked for a non-optional value.
    case unexpectedNull(record: DataID, field: String)
    /// The field exists only under a type condition the record does not meet, and the read
    /// asked for a non-optional value.
    case conditionNotMet(record: DataID, field: String, typeCondition: String)
    /// A `@required(action: THROW)` field read null; `field` is its response key.
    case requiredFieldMissing(record: DataID, field: String)
    /// The stored value is not of the type the read asked for.
    case typeMismatch(record: DataID, field: String, expected: String)

    /// The case's stable name, for logs and tests: `missing`, `fieldErrors`, `unexpectedNull`,
    /// `conditionNotMet`, `requiredFieldMissing`, `typeMismatch`.
    public var name: String {
        switch self {
        case .missing: "missing"
        case .fieldErrors: "fieldErrors"
        case .unexpectedNull: "unexpectedNull"
        case .conditionNotMet: "conditionNotMet"
        case .requiredFieldMissing: "requiredFieldMissing"
        case .typeMismatch: "typeMismatch"
        }
    }

    /// The response key of the field read.
    public var field: String {
        switch self {
        case let .missing(_, field), let .fieldErrors(_, field, _), let .unexpectedNull(_, field),
             let .conditionNotMet(_, field, _), let .requiredFieldMissing(_, field), let .typeMismatch(_, field, _):
            field
        }
    }

    public var description: String {
        switch self {
        case let .missing(record, field): "\(record).\(field): missing (never received)"
        case let .fieldErrors(record, field, errors):
            "\(record).\(field): field error: \(errors.map(\.message).joined(separator: "; "))"
        case let .unexpectedNull(record, field): "\(record).\(field): null where a value was expected"
        case let .conditionNotMet(record, field, condition):
            "\(record).\(field): selected only on \(condition)"
        case let .requiredFieldMissing(record, field): "\(record).\(field): @required field is null"
        case let .typeMismatch(record, field, expected): "\(record).\(field): not \(expected)"
        }
    }
}

/// A value read from a field under `@catch(to: RESULT)`: the value, or the errors caught.
public enum CatchResult<Value> {
    case ok(Value)
    case failure([GraphQLError])
}

extension CatchResult: Equatable where Value: Equatable {}
