import GraphQLSyntax

/// `@semanticNonNull(levels:)` on a field definition: the positions of the field's type that
/// are null only with an error (0 the value, 1 a list's items, 2 a nested list's items), as
/// the nullability working group's directive and Relay read it. A document that handles
/// errors (`@throwOnFieldError`, `@catch`) reads them non-null; any other reads the schema's
/// nullable type.
enum SemanticNonNull {
    /// The levels `definition` declares, and a diagnostic for each level that is not an
    /// integer from 0 to the type's list depth (at that level's value).
    /// - Complexity: O(directives and levels of the definition).
    static func levels(of definition: FieldDefinition, file: String) -> (levels: Set<Int>, problems: [Diagnostic]) {
        guard let directive = definition.directives.first(where: { $0.name.value == ClientDirective.semanticNonNull })
        else { return ([], []) }
        let field = definition.name.value
        let type = GraphQLType(definition.type)
        let written: [Value] = switch directive.arguments.first(where: { $0.name.value == "levels" })?.value {
        case nil: []
        case .list(let list)?: list.values
        case let value?: [value]  // GraphQL coerces one value to a list of it.
        }
        var levels: Set<Int> = directive.arguments.contains { $0.name.value == "levels" } ? [] : [0]
        var problems: [Diagnostic] = []
        for value in written {
            guard case .int(let literal) = value, let level = Int(literal.value) else {
                problems.append(Diagnostic(file, value.location, .invalidSemanticNonNull(
                    field: field, reason: "a level is an integer literal, not `\(value.printed())`")))
                continue
            }
            guard (0...type.listDepth).contains(level) else {
                let reason = type.listDepth == 0
                    ? "level \(level) on `\(type)`, which is not a list: its only level is 0"
                    : "level \(level) is outside `\(type)`'s levels, 0 to \(type.listDepth)"
                problems.append(Diagnostic(file, literal.location, .invalidSemanticNonNull(field: field, reason: reason)))
                continue
            }
            levels.insert(level)
        }
        return (levels, problems)
    }
}
