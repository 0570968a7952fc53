import GraphQLSyntax

/// `@alias(as:)` on spreads and inline fragments, as Relay reads it: the spread's reference,
/// or the inline fragment's selections, is read under a name of its own in the enclosing
/// selection, optional where the fragment's type may not match.
extension DefinitionCompiler {
    /// `@alias` among `directives`, with the name it gives: its `as` when that is a string,
    /// `fallback` (a spread's fragment name, an inline fragment's type condition) when it has
    /// no `as`, else `nil`. `nil` without the directive. - Complexity: O(directives).
    static func alias(in directives: [Directive], fallback: String?) -> (directive: Directive, name: String?)? {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.alias }) else { return nil }
        switch directive.arguments.first(where: { $0.name.value == "as" })?.value {
        case nil: return (directive, fallback)
        case .string(let text)?: return (directive, text.value)
        default: return (directive, nil)
        }
    }

    /// The name `@alias` among `directives` gives (`alias(in:fallback:)`), `nil` without the
    /// directive. Diagnoses an `as` that is not a name, and a missing one with no fallback.
    /// - Complexity: O(directives).
    mutating func aliasName(_ directives: [Directive], default fallback: String?) -> String? {
        guard let (directive, name) = Self.alias(in: directives, fallback: fallback) else { return nil }
        let written = directive.arguments.first { $0.name.value == "as" }
        if let name, written == nil || Self.isName(name) { return name }
        if let written {
            diagnose(written.value.location, .invalidAlias(
                reason: "`as` is a GraphQL name in a string (\"author\"), not \(written.value.printed())"))
        } else {
            diagnose(directive.location, .invalidAlias(
                reason: "an inline fragment without a type condition needs a name: @alias(as: \"name\")"))
        }
        return nil
    }

    /// Diagnoses each `@alias` whose name a field or another alias of the same selection set
    /// already takes (the generated lens would have two members of one name).
    /// - Complexity: O(selections of the sets).
    mutating func checkAliasNames(_ sets: [GraphQLSyntax.SelectionSet]) {
        var aliases: [(name: String, location: SourceLocation)] = []
        for set in sets {
            for selection in set.selections {
                let alias: (directive: Directive, name: String?)? = switch selection {
                case .field: nil
                case .fragmentSpread(let spread): Self.alias(in: spread.directives, fallback: spread.name.value)
                case .inlineFragment(let inline): Self.alias(in: inline.directives, fallback: inline.typeCondition?.name.value)
                }
                if let alias, let name = alias.name { aliases.append((name, alias.directive.location)) }
            }
        }
        // Most sets have no alias: they build no set of names.
        guard !aliases.isEmpty else { return }
        var taken: Set<String> = []
        for set in sets {
            for case .field(let field) in set.selections { taken.insert(field.alias?.value ?? field.name.value) }
        }
        for alias in aliases where !taken.insert(alias.name).inserted {
            diagnose(alias.location, .invalidAlias(reason: "`\(alias.name)` is taken by another selection of this set"))
        }
    }

    /// Whether `text` is a GraphQL name: `[_A-Za-z][_0-9A-Za-z]*`.
    static func isName(_ text: String) -> Bool {
        func isLetter(_ c: Unicode.Scalar) -> Bool { c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
