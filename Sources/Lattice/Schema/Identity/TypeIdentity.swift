/// How the store keys the objects of one type: by a key, or not at all (each object is the
/// record at its place under its parent, as an object of a type without `id: ID!` is).
public enum TypeIdentity: Hashable, Sendable {
    /// Records keyed by `RecordKey`'s fields, in its space.
    case keyed(RecordKey)
    /// No key: an object is stored under its parent's path, the same record for every
    /// response that reaches that place.
    case unkeyed
}
