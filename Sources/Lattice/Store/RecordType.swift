/// What a record's type is known to be: the concrete type the normalizer wrote for it (the
/// field's object type, or the `__typename` the server sent), or unknown (the root, and a
/// record written only by a local update that set no `__typename`).
public enum RecordType: Hashable, Sendable {
    /// No `__typename` was written: no type condition holds.
    case unknown
    /// The record's concrete type.
    case known(TypeKey)

    /// The known type's name, if known.
    public var name: String? {
        if case .known(let key) = self { return key.name }
        return nil
    }
}
