import GraphQLSyntax

/// What `@required(action:)` does when its field is null (spec/directives.graphql).
public enum RequiredAction: String, Hashable, Sendable {
    /// The null bubbles; nothing is reported.
    case none = "NONE"
    /// The null bubbles and is reported to the environment's logger.
    case log = "LOG"
    /// The null bubbles and the read of the document fails, naming the path.
    case `throw` = "THROW"
}

/// What `@catch(to:)` turns the errors under it into.
public enum CatchTarget: String, Hashable, Sendable {
    /// A result value: the field's value, or the errors.
    case result = "RESULT"
    /// `null`.
    case null = "NULL"
}

/// The directives the runtime reads itself (spec/directives.graphql): a server does not
/// declare them and would refuse a document that uses them (graphql-js's `KnownDirectives`),
/// so the text the runtime sends leaves them out, as Relay's compiler does. The one list of
/// them: the compiler, the sent text and `lattice validate` read it.
public enum ClientDirective {
    /// `@required(action:)`: a null bubbles to the nearest nullable parent.
    public static let required = "required"
    /// `@throwOnFieldError`: a field error under it fails the read.
    public static let throwOnFieldError = "throwOnFieldError"
    /// `@catch(to:)`: the errors under it become a value.
    public static let `catch` = "catch"
    /// `@expires(seconds:)`: the operation's data goes stale that long after it was written.
    public static let expires = "expires"
    /// `@connection(key:, filters:)`: the field's pages merge into one list in the store.
    public static let connection = "connection"
    /// `@refetchable(queryName:)`: the compiler derives a query that fetches the fragment again.
    public static let refetchable = "refetchable"
    /// `@argumentDefinitions(name: {type:, defaultValue:}, …)`: a fragment's own variables.
    public static let argumentDefinitions = "argumentDefinitions"
    /// `@arguments(name: value, …)`: a spread's values for its fragment's own variables.
    public static let arguments = "arguments"
    /// The edge directives on a mutation's fields, which edit connections' lists when its
    /// answer (or optimistic response) is committed (`EdgeEdit`).
    public static let edgeEdits = ["appendEdge", "prependEdge", "appendNode", "prependNode", "deleteEdge", "deleteRecord"]
    /// `@alias(as:)`: a spread or inline fragment read under a name of its own.
    public static let alias = "alias"
    /// All of them, in the order spec/directives.graphql declares them.
    public static let names = [required, throwOnFieldError, `catch`, expires, connection, refetchable,
                               argumentDefinitions, arguments] + edgeEdits + [alias]
    /// `@semanticNonNull(levels:)`: a schema directive on field definitions (declared beside
    /// the client directives, never in a document, so not one of `names`): the positions it
    /// names are null only with an error (`SchemaField.semanticNonNullLevels`).
    public static let semanticNonNull = "semanticNonNull"

    /// The client directives `definition` uses, anywhere in it (its own, its variables', its
    /// selections'), in document order; none for a type-system definition.
    /// - Complexity: O(nodes of the definition).
    public static func uses(in definition: Definition) -> [Directive] {
        var found: [Directive] = []
        func visit(_ directives: [Directive]) {
            found += directives.filter { names.contains($0.name.value) }
        }
        func visit(_ set: GraphQLSyntax.SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    visit(field.directives)
                    if let child = field.selectionSet { visit(child) }
                case .fragmentSpread(let spread):
                    visit(spread.directives)
                case .inlineFragment(let fragment):
                    visit(fragment.directives)
                    visit(fragment.selectionSet)
                }
            }
        }
        switch definition {
        case .operation(let d):
            visit(d.directives)
            for variable in d.variableDefinitions { visit(variable.directives) }
            visit(d.selectionSet)
        case .fragment(let d):
            visit(d.directives)
            visit(d.selectionSet)
        case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType,
             .directive, .directiveExtension, .schemaExtension, .scalarTypeExtension, .objectTypeExtension,
             .interfaceTypeExtension, .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension:
            break
        }
        return found
    }
}
