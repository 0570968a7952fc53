// The document and its definitions, shaped like graphql-js's AST (graphql-core's
// `ast.py`): one Swift type per node kind, the same fields under Swift names.
// Every node carries a `SourceLocation`. Equality includes locations; compare
// `Document.astJSON()` output to compare trees without them.

/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
public struct Document: Hashable, Sendable {
    /// The definitions in source order.
    public var definitions: [Definition]
    /// The whole document, from its first token to its last.
    public var location: SourceLocation
}

/// One top-level definition of a document.
public enum Definition: Hashable, Sendable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    case scalarType(ScalarTypeDefinition)
    case objectType(ObjectTypeDefinition)
    case interfaceType(InterfaceTypeDefinition)
    case unionType(UnionTypeDefinition)
    case enumType(EnumTypeDefinition)
    case inputObjectType(InputObjectTypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaExtension)
    case scalarTypeExtension(ScalarTypeExtension)
    case objectTypeExtension(ObjectTypeExtension)
    case interfaceTypeExtension(InterfaceTypeExtension)
    case unionTypeExtension(UnionTypeExtension)
    case enumTypeExtension(EnumTypeExtension)
    case inputObjectTypeExtension(InputObjectTypeExtension)
}

/// A name token's text (`[_A-Za-z][_0-9A-Za-z]*`) and where it is.
public struct Name: Hashable, Sendable {
    /// The name's text.
    public var value: String
    public var location: SourceLocation
}

/// The three kinds of operation.
public enum OperationType: String, Hashable, Sendable {
    case query
    case mutation
    case subscription
}

/// `query Name($v: T) @d { ... }`, or the shorthand `{ ... }` (a query with no name).
public struct OperationDefinition: Hashable, Sendable {
    public var operation: OperationType
    /// Nil for anonymous operations and the shorthand form.
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation
}

/// `$name: Type = default @directives` in an operation's variable list.
public struct VariableDefinition: Hashable, Sendable {
    public var variable: Variable
    public var type: TypeReference
    /// A constant value (no variables), if given.
    public var defaultValue: Value?
    /// Constant directives.
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `fragment Name on Type @directives { ... }`.
///
/// Fragment variables (an experimental syntax) are rejected, as graphql-core 3.2 does
/// by default.
public struct FragmentDefinition: Hashable, Sendable {
    public var name: Name
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation
}

/// `{ selection ... }`: never empty.
public struct SelectionSet: Hashable, Sendable {
    public var selections: [Selection]
    public var location: SourceLocation
}

/// One entry of a selection set.
public enum Selection: Hashable, Sendable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)
}

/// `alias: name(arguments) @directives { ... }`.
public struct Field: Hashable, Sendable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    /// Nil for a leaf field.
    public var selectionSet: SelectionSet?
    public var location: SourceLocation
}

/// `name: value` in a field's or directive's argument list.
public struct Argument: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var location: SourceLocation
}

/// `...Name @directives`.
public struct FragmentSpread: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var location: SourceLocation
}

/// `... on Type @directives { ... }`; the type condition is optional.
public struct InlineFragment: Hashable, Sendable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var location: SourceLocation
}

/// `@name(arguments)`.
public struct Directive: Hashable, Sendable {
    public var name: Name
    public var arguments: [Argument]
    public var location: SourceLocation
}
