/// A record identity (`RecordIdentity`) the schema refuses, naming the type and the key field.
/// `lattice generate` prints it after the configuration file's path
/// (`lattice.json: identity.Book: …`).
public enum IdentityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The schema has no object type `type`.
    case unknownType(type: String)
    /// `type` is an interface or union: identity is configured on its object types.
    case notAnObjectType(type: String)
    /// `type` has no field `field`.
    case unknownKeyField(type: String, field: String)
    /// The key field `field` of `type` is nullable: a record needs its key.
    case nullableKeyField(type: String, field: String, fieldType: String)
    /// The key field `field` of `type` is a list.
    case listKeyField(type: String, field: String, fieldType: String)
    /// The key field `field` of `type` is an object, not a scalar or an enum.
    case compositeKeyField(type: String, field: String, fieldType: String)
    /// The key field `field` of `type` is a `Float`, whose text is no stable key.
    case floatKeyField(type: String, field: String)
    /// The key names `field` of `type` twice.
    case repeatedKeyField(type: String, field: String)
    /// Scoped `types` claim the one key space `space`: each space belongs to one type (ids
    /// shared across types are global).
    case sharedKeySpace(space: String, types: [String])
    /// `space` cannot name a key space: `client` is the store's own, and a name holds no `:`.
    case invalidKeySpace(type: String, space: String)

    /// The problem, naming the type (the configuration's entry) and the key.
    public var description: String {
        switch self {
        case .unknownType(let type):
            "identity.\(type): the schema has no type \(type)"
        case .notAnObjectType(let type):
            "identity.\(type): \(type) is an interface or a union; configure the identity of its object types"
        case let .unknownKeyField(type, field):
            "identity.\(type): key field `\(field)`: \(type) has no field \(field)"
        case let .nullableKeyField(type, field, fieldType):
            "identity.\(type): key field `\(field)` is nullable (\(fieldType)); a key field is non-null"
        case let .listKeyField(type, field, fieldType):
            "identity.\(type): key field `\(field)` is a list (\(fieldType)); a key field is one scalar"
        case let .compositeKeyField(type, field, fieldType):
            "identity.\(type): key field `\(field)` is an object (\(fieldType)); a key field is a scalar or an enum"
        case let .floatKeyField(type, field):
            "identity.\(type): key field `\(field)` is a Float, whose text is no stable key"
        case let .repeatedKeyField(type, field):
            "identity.\(type): key field `\(field)` is named twice"
        case let .sharedKeySpace(space, types):
            "identity.\(types.joined(separator: ", identity.")): scoped ids of \(types.joined(separator: " and ")) claim one key space \(space); each scoped space belongs to one type (key ids shared across types globally)"
        case let .invalidKeySpace(type, space):
            "identity.\(type): key space `\(space)` is \(space == "client" ? "the store's own" : "not a name (no `:`)")"
        }
    }
}
