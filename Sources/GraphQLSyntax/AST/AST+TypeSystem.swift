// Type-system definitions and extensions (SDL).

/// `schema @directives { query: Query ... }`.
public struct SchemaDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var location: SourceLocation
}

/// `query: Query` inside a schema definition or extension.
public struct OperationTypeDefinition: Hashable, Sendable {
    public var operation: OperationType
    public var type: NamedType
    public var location: SourceLocation
}

/// `scalar Name @directives`.
public struct ScalarTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `type Name implements A & B @directives { fields }`.
public struct ObjectTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var location: SourceLocation
}

/// `name(arguments): Type @directives` in an object or interface type.
public struct FieldDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `name: Type = default @directives`: an argument definition or an input field.
public struct InputValueDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeReference
    /// A constant value, if given.
    public var defaultValue: Value?
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `interface Name implements A & B @directives { fields }`.
public struct InterfaceTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var location: SourceLocation
}

/// `union Name @directives = A | B`.
public struct UnionTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var location: SourceLocation
}

/// `enum Name @directives { VALUES }`.
public struct EnumTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var location: SourceLocation
}

/// One value of an enum type definition.
public struct EnumValueDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `input Name @directives { fields }`.
public struct InputObjectTypeDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var location: SourceLocation
}

/// `directive @name(arguments) repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Hashable, Sendable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var repeatable: Bool
    /// Location names, each one of the spec's `DirectiveLocation` values.
    public var locations: [Name]
    public var location: SourceLocation
}

/// `extend schema @directives { operation types }`.
public struct SchemaExtension: Hashable, Sendable {
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var location: SourceLocation
}

/// `extend scalar Name @directives`.
public struct ScalarTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `extend type Name implements A @directives { fields }`.
public struct ObjectTypeExtension: Hashable, Sendable {
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var location: SourceLocation
}

/// `extend interface Name implements A @directives { fields }`.
public struct InterfaceTypeExtension: Hashable, Sendable {
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var location: SourceLocation
}

/// `extend union Name @directives = A | B`.
public struct UnionTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var location: SourceLocation
}

/// `extend enum Name @directives { VALUES }`.
public struct EnumTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var location: SourceLocation
}

/// `extend input Name @directives { fields }`.
public struct InputObjectTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var location: SourceLocation
}
