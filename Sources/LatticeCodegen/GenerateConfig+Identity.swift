import Lattice

/// `lattice.json`'s `"identity"`: how the store keys each named object type's records
/// (`RecordIdentity`), checked against the schema when the program is compiled
/// (`GenerateConfig.keyed(_:)`):
///
///     "identity": {
///       "Book":   {"key": ["isbn", "edition"]},
///       "Author": {"key": ["_id"]},
///       "Review": {"key": ["id"], "scope": "type"},
///       "Price":  {"key": []}
///     }
///
/// `key` lists the key fields (none: the type is unkeyed, stored under its parent);
/// `scope` is `"global"` (the default: one key space for every type) or `"type"` (the ids are
/// unique in the type only: the record ID begins with the type's name, or with `space`).
struct IdentityEntry: Decodable {
    let key: [String]
    let scope: String?
    let space: String?

    /// The entry of type `name` as the runtime's `TypeIdentity`.
    /// - Throws: the reason, naming the entry, when `scope` or `space` is not one the file takes.
    func identity(of name: String) throws(IdentityEntryError) -> TypeIdentity {
        guard !key.isEmpty else {
            guard scope == nil, space == nil else { throw IdentityEntryError("identity.\(name): an unkeyed type (\"key\": []) has no scope") }
            return .unkeyed
        }
        switch scope {
        case nil, "global"?:
            guard space == nil else { throw IdentityEntryError("identity.\(name): `space` names a scoped key's space; this key is global") }
            return .keyed(RecordKey(fields: key))
        case "type"?:
            return .keyed(RecordKey(fields: key, scope: .type(space: space ?? name)))
        case let other?:
            throw IdentityEntryError("identity.\(name): `scope` is \"global\" or \"type\", not \"\(other)\"")
        }
    }
}

/// Why an `"identity"` entry is not one: the message names the entry.
struct IdentityEntryError: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

extension GenerateConfig {
    /// `schema` keyed as the configuration's `identity` says (`Schema.keyed(by:)`).
    /// - Throws: `GenerateConfigError.invalid` at the configuration's file, naming the type
    ///   and the key field the schema refuses.
    /// - Complexity: O(configured types × key fields).
    public func keyed(_ schema: Schema) throws(GenerateConfigError) -> Schema {
        do {
            return try schema.keyed(by: identity)
        } catch {
            throw .invalid(path: file, reason: error.description)
        }
    }
}
