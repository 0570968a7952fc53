// Type-system definitions and extensions (SDL).

/// `schema @directives { query: Query ... }`.
public struct SchemaDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The root operation types, in source order.
    public var operationTypes: [OperationTypeDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `query: Query` inside a schema definition or extension.
public struct OperationTypeDefinition: Hashable, Sendable {
    /// Which kind of operation.
    public var operation: OperationType
    /// The type as written.
    public var type: NamedType
    /// Where the node is written.
    public var location: SourceLocation
}

/// `scalar Name @directives`.
public struct ScalarTypeDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `type Name implements A & B @directives { fields }` or `interface Name implements A & B
/// @directives { fields }`: the spec writes the two alike, so one node holds either and the
/// `Definition` case (`objectType`, `interfaceType`) says which.
public struct FieldedTypeDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The interfaces listed after `implements`, in source order.
    public var interfaces: [NamedType]
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The fields, in source order.
    public var fields: [FieldDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `type Name implements A & B @directives { fields }`.
public typealias ObjectTypeDefinition = FieldedTypeDefinition

/// `interface Name implements A & B @directives { fields }`.
public typealias InterfaceTypeDefinition = FieldedTypeDefinition

/// `name(arguments): Type @directives` in an object or interface type.
public struct FieldDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The arguments, in source order.
    public var arguments: [InputValueDefinition]
    /// The type as written.
    public var type: TypeReference
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `name: Type = default @directives`: an argument definition or an input field.
public struct InputValueDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The type as written.
    public var type: TypeReference
    /// A constant value, if given.
    public var defaultValue: Value?
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}


/// `union Name @directives = A | B`.
public struct UnionTypeDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The member types, in source order.
    public var types: [NamedType]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `enum Name @directives { VALUES }`.
public struct EnumTypeDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The items, in source order.
    public var values: [EnumValueDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// One value of an enum type definition.
public struct EnumValueDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `input Name @directives { fields }`.
public struct InputObjectTypeDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The fields, in source order.
    public var fields: [InputValueDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `directive @name(arguments) @directives repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Hashable, Sendable {
    /// The description string written before the definition, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The arguments, in source order.
    public var arguments: [InputValueDefinition]
    /// The constant directives applied to the definition (at `DIRECTIVE_DEFINITION`), in
    /// source order.
    public var directives: [Directive]
    /// Whether the directive may be applied more than once at one place.
    public var repeatable: Bool
    /// Location names, each one of the spec's `DirectiveLocation` values.
    public var locations: [Name]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend directive @name @directives`: directives applied to an existing directive
/// definition.
public struct DirectiveExtension: Hashable, Sendable {
    /// The name of the directive extended, without `@`.
    public var name: Name
    /// The directives applied, in source order; never empty.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend schema @directives { operation types }`.
public struct SchemaExtension: Hashable, Sendable {
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The root operation types, in source order.
    public var operationTypes: [OperationTypeDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend scalar Name @directives`.
public struct ScalarTypeExtension: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend type Name implements A @directives { fields }` or `extend interface …`: written
/// alike, one node for either; the `Definition` case (`objectTypeExtension`,
/// `interfaceTypeExtension`) says which.
public struct FieldedTypeExtension: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The interfaces listed after `implements`, in source order.
    public var interfaces: [NamedType]
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The fields, in source order.
    public var fields: [FieldDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend type Name implements A @directives { fields }`.
public typealias ObjectTypeExtension = FieldedTypeExtension

/// `extend interface Name implements A @directives { fields }`.
public typealias InterfaceTypeExtension = FieldedTypeExtension


/// `extend union Name @directives = A | B`.
public struct UnionTypeExtension: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The member types, in source order.
    public var types: [NamedType]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend enum Name @directives { VALUES }`.
public struct EnumTypeExtension: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The items, in source order.
    public var values: [EnumValueDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `extend input Name @directives { fields }`.
public struct InputObjectTypeExtension: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The fields, in source order.
    public var fields: [InputValueDefinition]
    /// Where the node is written.
    public var location: SourceLocation
}
