/// One named type of a schema.
public struct SchemaType: Sendable {
    /// The type's kind, with what each kind carries.
    public enum Kind: Sendable {
        case scalar
        case object
        case interface
        case union(members: [String])
        case enumeration(values: [String])
        case inputObject
    }

    /// The name as written in SDL.
    public let name: String
    /// What kind of type it is.
    public let kind: Kind
    /// Output fields (objects and interfaces) or input fields (input objects), by name.
    public let fields: [String: SchemaField]
    /// Interfaces an object or interface implements.
    public let interfaces: [String]
    /// Whether the type is declared in a client schema file (`type ClientThing { … }`): the
    /// server knows nothing of it, and only client-only fields lead to it.
    public let isClientOnly: Bool

    /// A type as the schema builder assembles it.
    public init(name: String, kind: Kind, fields: [String: SchemaField] = [:], interfaces: [String] = [],
                isClientOnly: Bool = false) {
        self.name = name
        self.kind = kind
        self.fields = fields
        self.interfaces = interfaces
        self.isClientOnly = isClientOnly
    }

    /// Whether the type is an interface or a union.
    public var isAbstract: Bool {
        switch kind {
        case .interface, .union: true
        case .scalar, .object, .enumeration, .inputObject: false
        }
    }

    /// Whether the type is a scalar or an enum (a leaf of a selection).
    public var isLeaf: Bool {
        switch kind {
        case .scalar, .enumeration: true
        case .object, .interface, .union, .inputObject: false
        }
    }

    /// Whether objects of this type have selections (object, interface, union).
    public var isComposite: Bool {
        switch kind {
        case .object, .interface, .union: true
        case .scalar, .enumeration, .inputObject: false
        }
    }

    /// Whether the type is usable as a variable's or argument's type.
    public var isInput: Bool {
        switch kind {
        case .scalar, .enumeration, .inputObject: true
        case .object, .interface, .union: false
        }
    }

    /// Whether the type has `id: ID!`, so its objects are records keyed by id.
    public var isIdentified: Bool {
        fields["id"]?.type == .nonNull(.named("ID"))
    }
}

/// A field of an object or interface (or an input field, without arguments).
public struct SchemaField: Sendable {
    /// The name as written in SDL.
    public let name: String
    /// The declared type.
    public let type: GraphQLType
    /// Arguments by name.
    public let arguments: [String: SchemaArgument]
    /// For an input field: whether the SDL gives a default value (a non-null input field
    /// with one may be omitted). False for output fields.
    public let hasDefault: Bool
    /// The positions `@semanticNonNull(levels:)` says are null only with an error (0 the
    /// value, 1 a list's items, …); empty without the directive. A document that handles
    /// errors reads them non-null (`GraphQLType.nonNull(atLevels:)`).
    public let semanticNonNullLevels: Set<Int>
    /// Whether the field is declared in a client schema file (`extend type Book { isSelected:
    /// Boolean }`): never sent, never in a response, written by local updates
    /// (`Environment.commitLocalUpdate`).
    public let isClientOnly: Bool

    /// A field with its type and arguments (an input field: with whether it has a default).
    public init(name: String, type: GraphQLType, arguments: [String: SchemaArgument] = [:],
                hasDefault: Bool = false, semanticNonNullLevels: Set<Int> = [], isClientOnly: Bool = false) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.hasDefault = hasDefault
        self.semanticNonNullLevels = semanticNonNullLevels
        self.isClientOnly = isClientOnly
    }

    /// The same field declared by a client schema file. - Complexity: O(1).
    var clientOnly: SchemaField {
        SchemaField(name: name, type: type, arguments: arguments, hasDefault: hasDefault,
                    semanticNonNullLevels: semanticNonNullLevels, isClientOnly: true)
    }
}

/// An argument of a field or directive.
public struct SchemaArgument: Sendable {
    /// The name as written in SDL.
    public let name: String
    /// The declared type.
    public let type: GraphQLType
    /// Whether the SDL gives a default value (a non-null argument with one may be omitted).
    public let hasDefault: Bool

    /// An argument with its type.
    public init(name: String, type: GraphQLType, hasDefault: Bool) {
        self.name = name
        self.type = type
        self.hasDefault = hasDefault
    }
}

/// A directive declared in the schema (the client directives of spec/directives.graphql).
public struct SchemaDirective: Sendable {
    /// The name as written in SDL.
    public let name: String
    /// Arguments by name.
    public let arguments: [String: SchemaArgument]
    /// Locations as SDL spells them: `FIELD`, `QUERY`, `FRAGMENT_DEFINITION`, ...
    public let locations: Set<String>
    /// Whether it may be used more than once at one location (`repeatable` in SDL).
    public let isRepeatable: Bool

    /// A directive with its arguments and the locations it may be used at; not repeatable
    /// unless said.
    public init(name: String, arguments: [String: SchemaArgument], locations: Set<String>,
                isRepeatable: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.locations = locations
        self.isRepeatable = isRepeatable
    }
}
