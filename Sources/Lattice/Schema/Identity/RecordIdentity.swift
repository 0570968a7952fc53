/// The configured identity of a schema's object types: which key each type's records have,
/// or that a type has none. A type it does not name keeps the default: keyed by its global
/// `id` when it has `id: ID!` (`RecordKey.id`), unkeyed otherwise.
///
/// Configured in `lattice.json` (`"identity"`, read by `lattice generate` and the build
/// plugin) or in code (`Schema.keyed(by:)`, whose schema a `Program` is compiled against); checked
/// against the schema by `Schema.keyed(by:)`, which refuses each bad entry with an
/// `IdentityError` naming the type and the key.
public struct RecordIdentity: Hashable, Sendable {
    /// Object type name to its identity; types not named keep the default.
    public var types: [String: TypeIdentity]

    /// No configuration: every type keeps the default.
    public static let `default` = RecordIdentity()

    /// A configuration naming `types`.
    public init(_ types: [String: TypeIdentity] = [:]) {
        self.types = types
    }

    /// Whether no type is named (the default identity).
    public var isDefault: Bool { types.isEmpty }
}
