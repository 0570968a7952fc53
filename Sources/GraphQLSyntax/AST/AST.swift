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
    /// A query, mutation or subscription.
    case operation(OperationDefinition)
    /// A fragment definition.
    case fragment(FragmentDefinition)
    /// A schema definition.
    case schema(SchemaDefinition)
    /// A scalar type definition.
    case scalarType(ScalarTypeDefinition)
    /// An object type definition.
    case objectType(ObjectTypeDefinition)
    /// An interface type definition.
    case interfaceType(InterfaceTypeDefinition)
    /// A union type definition.
    case unionType(UnionTypeDefinition)
    /// An enum type definition.
    case enumType(EnumTypeDefinition)
    /// An input object type definition.
    case inputObjectType(InputObjectTypeDefinition)
    /// A directive definition.
    case directive(DirectiveDefinition)
    /// An `extend directive`.
    case directiveExtension(DirectiveExtension)
    /// An `extend schema`.
    case schemaExtension(SchemaExtension)
    /// An `extend scalar`.
    case scalarTypeExtension(ScalarTypeExtension)
    /// An `extend type`.
    case objectTypeExtension(ObjectTypeExtension)
    /// An `extend interface`.
    case interfaceTypeExtension(InterfaceTypeExtension)
    /// An `extend union`.
    case unionTypeExtension(UnionTypeExtension)
    /// An `extend enum`.
    case enumTypeExtension(EnumTypeExtension)
    /// An `extend input`.
    case inputObjectTypeExtension(InputObjectTypeExtension)
}

/// A name token's text (`[_A-Za-z][_0-9A-Za-z]*`) and where it is.
public struct Name: Hashable, Sendable {
    /// The name's text.
    public var value: String
    /// Where the node is written.
    public var location: SourceLocation
}

/// The three kinds of operation.
public enum OperationType: String, Hashable, Sendable {
    /// A read.
    case query
    /// A write followed by a read.
    case mutation
    /// A stream of results.
    case subscription
}

/// `"description" query Name($v: T) @d { ... }`, or the shorthand `{ ... }` (a query with
/// no name, which cannot have a description).
public struct OperationDefinition: Hashable, Sendable {
    /// The description string written before the operation type, if any. Execution ignores
    /// it; it documents the operation for tools.
    public var description: StringValue?
    /// Which kind of operation.
    public var operation: OperationType
    /// Nil for anonymous operations and the shorthand form.
    public var name: Name?
    /// The variables the operation declares, in source order.
    public var variableDefinitions: [VariableDefinition]
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The selections.
    public var selectionSet: SelectionSet
    /// Where the node is written.
    public var location: SourceLocation
}

/// `"description" $name: Type = default @directives` in an operation's variable list.
public struct VariableDefinition: Hashable, Sendable {
    /// The description string written before the variable, if any.
    public var description: StringValue?
    /// The variable being defined.
    public var variable: Variable
    /// The type as written.
    public var type: TypeReference
    /// A constant value (no variables), if given.
    public var defaultValue: Value?
    /// Constant directives.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `"description" fragment Name on Type @directives { ... }`.
///
/// Fragment variables (an experimental syntax) are rejected, as graphql-core does by
/// default.
public struct FragmentDefinition: Hashable, Sendable {
    /// The description string written before `fragment`, if any.
    public var description: StringValue?
    /// The name as written.
    public var name: Name
    /// The type the fragment applies to.
    public var typeCondition: NamedType
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The selections.
    public var selectionSet: SelectionSet
    /// Where the node is written.
    public var location: SourceLocation
}

/// `{ selection ... }`, possibly `{ }` (graphql-core accepts an empty selection set, as
/// the specification's draft does; validation decides what it may select).
public struct SelectionSet: Hashable, Sendable {
    /// The selections, in source order; empty for `{ }`.
    public var selections: [Selection]
    /// Where the node is written.
    public var location: SourceLocation
}

/// One entry of a selection set.
public enum Selection: Hashable, Sendable {
    /// A field, possibly aliased, with arguments and a selection set.
    case field(Field)
    /// `...Name`.
    case fragmentSpread(FragmentSpread)
    /// `... on Type { }`.
    case inlineFragment(InlineFragment)
}

/// `alias: name(arguments) @directives { ... }`.
public struct Field: Hashable, Sendable {
    /// The alias the response uses instead of the field name, if any.
    public var alias: Name?
    /// The name as written.
    public var name: Name
    /// The arguments, in source order.
    public var arguments: [Argument]
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Nil for a leaf field.
    public var selectionSet: SelectionSet?
    /// Where the node is written.
    public var location: SourceLocation
}

/// `name: value` in a field's or directive's argument list.
public struct Argument: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The value as written.
    public var value: Value
    /// Where the node is written.
    public var location: SourceLocation
}

/// `...Name @directives`.
public struct FragmentSpread: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `... on Type @directives { ... }`; the type condition is optional.
public struct InlineFragment: Hashable, Sendable {
    /// The type the fragment applies to.
    public var typeCondition: NamedType?
    /// The directives applied, in source order.
    public var directives: [Directive]
    /// The selections.
    public var selectionSet: SelectionSet
    /// Where the node is written.
    public var location: SourceLocation
}

/// `@name(arguments)`.
public struct Directive: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The arguments, in source order.
    public var arguments: [Argument]
    /// Where the node is written.
    public var location: SourceLocation
}
