import GraphQLSyntax

/// `@alias(as:)` on spreads and inline fragments, as Relay reads it: the spread's reference,
/// or the inline fragment's selections, is read under a name of its own in the enclosing
/// selection, optional where the fragment's type may not match.
extension DefinitionCompiler {
    /// The name `@alias` among `directives` gives: its `as`, else `fallback` (a spread's
    /// fragment name, an inline fragment's type condition); `nil` without the directive.
    /// Diagnoses an `as` that is not a name, and a missing one with no fallback.
    /// - Complexity: O(directives).
    mutating func aliasName(_ directives: [Directive], default fallback: String?, at location: SourceLocation) -> String? {
        guard let directive = directives.first(where: { $0.name.value == ClientDirective.alias }) else { return nil }
        guard let argument = directive.arguments.first(where: { $0.name.value == "as" }) else {
            if fallback == nil {
                diagnose(directive.location, .invalidAlias(
                    reason: "an inline fragment without a type condition needs a name: @alias(as: \"name\")"))
            }
            return fallback
        }
        guard case .string(let text) = argument.value, Self.isName(text.value) else {
            diagnose(argument.value.location, .invalidAlias(
                reason: "`as` is a GraphQL name in a string (\"author\"), not \(argument.value.printed())"))
            return nil
        }
        return text.value
    }

    /// Diagnoses each `@alias` whose name a field or another alias of the same selection set
    /// already takes (the generated lens would have two members of one name).
    /// - Complexity: O(selections of the sets).
    mutating func checkAliasNames(_ sets: [GraphQLSyntax.SelectionSet]) {
        var taken: Set<String> = []
        var aliases: [(name: String, location: SourceLocation)] = []
        for set in sets {
            for selection in set.selections {
                let directives: [Directive]
                let fallback: String?
                switch selection {
                case .field(let field):
                    taken.insert(field.alias?.value ?? field.name.value)
                    continue
                case .fragmentSpread(let spread): (directives, fallback) = (spread.directives, spread.name.value)
                case .inlineFragment(let inline): (directives, fallback) = (inline.directives, inline.typeCondition?.name.value)
                }
                guard let directive = directives.first(where: { $0.name.value == ClientDirective.alias }) else { continue }
                let written = directive.arguments.first { $0.name.value == "as" }
                let name: String? = if case .string(let text)? = written?.value { text.value } else { written == nil ? fallback : nil }
                if let name { aliases.append((name, directive.location)) }
            }
        }
        for alias in aliases {
            if !taken.insert(alias.name).inserted {
                diagnose(alias.location, .invalidAlias(reason: "`\(alias.name)` is taken by another selection of this set"))
            }
        }
    }

    /// Whether `text` is a GraphQL name: `[_A-Za-z][_0-9A-Za-z]*`.
    static func isName(_ text: String) -> Bool {
        func isLetter(_ c: Unicode.Scalar) -> Bool { c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
