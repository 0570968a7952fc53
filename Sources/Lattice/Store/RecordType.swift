/// What a record's type is known to be: the `__typename` the server sent (or the only type
/// the response's shape allows), or, when the server sent no `__typename` for an object of
/// an interface or union and several concrete types fit the fields it sent, those types.
///
/// Type conditions hold for `.oneOf` when they admit any of the types: every such type would
/// have made the server send the same fields, so reading any of their selections reads what
/// was sent.
public enum RecordType: Hashable, Sendable {
    case unknown
    case known(TypeKey)
    case oneOf([TypeKey])

    /// The known type's name, if known.
    public var name: String? {
        if case .known(let key) = self { return key.name }
        return nil
    }
}

extension FieldKey {
    /// The reserved field holding the types a record may have when its `__typename` was not
    /// sent and the response's shape allows several (see `RecordType.oneOf`).
    public static let possibleTypenames = FieldKey("__typenames")
}
