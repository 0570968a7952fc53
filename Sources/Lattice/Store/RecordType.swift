/// What a record's type is known to be: the concrete type the normalizer wrote for it (the
/// field's object type, or the `__typename` the server sent), unknown (the root, and a
/// record written only by a local update that set no `__typename`), or that the record is
/// known not to exist (deleted).
///
/// Relay's record states: a deleted record is NONEXISTENT, and reads as null; a record with
/// fields is EXISTENT; one whose fields were never received is UNKNOWN, and reads as missing
/// data. Here the first is `nonexistent`, the others any other case, told apart by their
/// fields.
public enum RecordType: Hashable, Sendable {
    /// No `__typename` was written: no type condition holds.
    case unknown
    /// The record's concrete type.
    case known(TypeKey)
    /// The record was deleted (`RecordSourceDelta.delete`) and not written since: a link to
    /// it reads as null, and no type condition holds.
    case nonexistent

    /// The known type's name, if known.
    public var name: String? {
        if case .known(let key) = self { return key.name }
        return nil
    }
}
