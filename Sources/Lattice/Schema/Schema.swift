/// A GraphQL schema built from SDL: its types, root types, directives, and the possible
/// concrete types of each abstract type. Immutable and shared.
///
/// Built by `SchemaBuilder` from SDL such as `spec/schema.graphql`; Lattice's client directives
/// are built in.
public final class Schema: Sendable {
    /// Types by name, built-in scalars included.
    public let types: [String: SchemaType]
    /// Directives by name, the built-in `@skip`, `@include`, `@deprecated` included.
    public let directives: [String: SchemaDirective]
    /// The root type of queries (`Query` unless the schema says otherwise).
    public let queryType: String
    /// The root type of mutations, if any.
    public let mutationType: String?
    /// The root type of subscriptions, if any.
    public let subscriptionType: String?
    /// The SDL the schema was built from, as `SchemaBuilder.build(sources:)` was given it (kept
    /// for `lattice generate`, which embeds it in the program it writes; its bytes stay in
    /// memory as long as the schema); empty when built from parsed documents.
    public let sources: [GraphQLSource]
    /// The app's client schema files (client-only fields and types) as
    /// `SchemaBuilder.build(sources:clientSources:)` was given them; empty without any.
    public let clientSources: [GraphQLSource]
    /// How the store keys each type's records (`RecordIdentity.default` unless the schema was
    /// made by `keyed(by:)`); `key(of:)` answers it per type.
    public let identity: RecordIdentity
    /// Concrete object types of each interface and union, and of each object (itself).
    private let possibleTypesByName: [String: Set<String>]

    init(types: [String: SchemaType], directives: [String: SchemaDirective],
         queryType: String, mutationType: String?, subscriptionType: String?, sources: [GraphQLSource] = [],
         clientSources: [GraphQLSource] = [], identity: RecordIdentity = .default) {
        self.types = types
        self.identity = identity
        self.sources = sources
        self.clientSources = clientSources
        self.directives = directives
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        var possible: [String: Set<String>] = [:]
        for type in types.values {
            switch type.kind {
            case .object:
                possible[type.name, default: []].insert(type.name)
                for interface in type.interfaces {
                    possible[interface, default: []].insert(type.name)
                }
            case .union, .interface, .scalar, .enumeration, .inputObject:
                break
            }
        }
        for type in types.values {
            if case .union(let members) = type.kind {
                possible[type.name] = Set(members)
            }
        }
        possibleTypesByName = possible
    }

    /// The concrete object types a value of `typeName` may have. - Complexity: O(1).
    public func possibleTypes(of typeName: String) -> Set<String> {
        possibleTypesByName[typeName] ?? []
    }

    /// Whether fragments on `a` and `b` can apply to the same object (their possible types
    /// overlap). - Complexity: O(possible types).
    public func typesOverlap(_ a: String, _ b: String) -> Bool {
        !possibleTypes(of: a).isDisjoint(with: possibleTypes(of: b))
    }

    /// The field `name` of `typeName`, `__typename` included. - Complexity: O(1).
    public func field(_ name: String, on typeName: String) -> SchemaField? {
        if name == "__typename" {
            return SchemaField(name: name, type: .nonNull(.named("String")))
        }
        return types[typeName]?.fields[name]
    }
}
