import GraphQLSyntax

/// `@refetchable(queryName:)`: a fragment the compiler can fetch again, as Relay's can: on
/// Query (the derived query spreads it at the root) or on a type with `id: ID!` that
/// `Query.node(id:)` can return (the derived query spreads it under `node(id: $id)`).
extension DefinitionCompiler {
    /// The derived query of `fragment` on `type`, or `nil` without the directive or with the
    /// problem diagnosed at it.
    mutating func compileRefetchable(_ directives: [Directive], fragment: String, type: String) -> Artifact.RefetchQuery? {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.refetchable }) else { return nil }
        guard case .string(let name)? = argumentConstant(directive, "queryName"), !name.isEmpty else {
            diagnose(directive.location, .invalidRefetchable(fragment: fragment, reason: "queryName must be a constant string"))
            return nil
        }
        if type == schema.queryType { return Artifact.RefetchQuery(name: name, byNode: false) }
        guard let node = schema.field("node", on: schema.queryType),
              node.arguments["id"] != nil, schema.possibleTypes(of: node.type.namedType).contains(type)
                  || schema.possibleTypes(of: type).isSubset(of: schema.possibleTypes(of: node.type.namedType)),
              schema.field("id", on: type)?.type.namedType == "ID" else {
            diagnose(directive.location, .invalidRefetchable(fragment: fragment, reason: """
                the fragment must be on Query, or on a type with an id that Query.node(id:) returns
                """))
            return nil
        }
        // `node(id:)` finds a record by its global `id`; a type keyed otherwise cannot be
        // fetched by it (its record ID is not what the server takes).
        if let other = schema.possibleTypes(of: type).sorted().first(where: { schema.key(of: $0)?.isDefault != true }) {
            diagnose(directive.location, .invalidRefetchable(
                fragment: fragment, reason: "\(other)'s records are not keyed by a global id, so Query.node(id:) cannot fetch them"))
            return nil
        }
        return Artifact.RefetchQuery(name: name, byNode: true)
    }
}

extension Artifact {
    /// The text of this `@refetchable` fragment's derived query: the fragment spread at the
    /// root or under `node(id: $id)`, with a variable for each of the operation's the
    /// fragment and the fragments it reaches use (typed as their first use expects) and one
    /// for each of the fragment's own (`@argumentDefinitions`, passed by `@arguments`).
    /// `nil` for another definition, or one that uses a variable `$id` beside the node's.
    /// - Complexity: O(variable usages of the fragments reached).
    var refetchQueryText: String? {
        guard let query = refetchQuery else { return nil }
        var types: [(name: String, type: String)] = []
        var named: Set<String> = []
        var usages = variableUsages
        var seen: Set<ObjectIdentifier> = []
        var pending = spreadFragments
        while let fragment = pending.popLast() {
            guard seen.insert(ObjectIdentifier(fragment)).inserted else { continue }
            usages += fragment.variableUsages
            pending += fragment.spreadFragments
        }
        for usage in usages where usage.isSent && named.insert(usage.name).inserted {
            types.append((usage.name, usage.expected.description))
        }
        for variable in variables where named.insert(variable.name).inserted {
            types.append((variable.name, variable.type.description))
        }
        if query.byNode {
            guard !named.contains("id") else { return nil }
            types.append(("id", "ID!"))
        }
        let declarations = types.isEmpty ? "" : "(" + types.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        let arguments = variables.isEmpty ? ""
            : " @arguments(" + variables.map { "\($0.name): $\($0.name)" }.joined(separator: ", ") + ")"
        let body = query.byNode ? "node(id: $id) { ...\(name)\(arguments) }" : "...\(name)\(arguments)"
        return "query \(query.name)\(declarations) { \(body) }"
    }
}
