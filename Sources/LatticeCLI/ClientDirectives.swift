import GraphQLSyntax

/// The client directives documents may use (declared in spec/directives.graphql), and
/// the AST walks `lattice validate` needs to check them.
enum ClientDirectives {
    /// Relay's client directives, by name.
    static let names = ["required", "throwOnFieldError", "catch", "expires"]

    /// The location of an operation or fragment; nil for type-system definitions.
    static func executableLocation(of definition: Definition) -> SourceLocation? {
        switch definition {
        case .operation(let d): d.location
        case .fragment(let d): d.location
        case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType,
             .directive, .directiveExtension, .schemaExtension, .scalarTypeExtension, .objectTypeExtension,
             .interfaceTypeExtension, .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension: nil
        }
    }

    /// The client directives an operation or fragment uses, anywhere in it.
    /// - Complexity: O(nodes of the definition).
    static func uses(in definition: Definition) -> [Directive] {
        var found: [Directive] = []
        func visit(_ directives: [Directive]) {
            found += directives.filter { names.contains($0.name.value) }
        }
        func visit(_ set: SelectionSet) {
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
