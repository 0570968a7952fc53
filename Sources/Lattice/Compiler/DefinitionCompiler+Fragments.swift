import GraphQLSyntax

/// Inline fragments and spreads.
extension DefinitionCompiler {
    /// The condition a record must meet for a fragment on `typeName` inside `parent`, or
    /// `nil` when every object of `parent` meets it.
    func condition(_ typeName: String, within parent: String) -> TypeCondition? {
        let possible = schema.possibleTypes(of: typeName)
        if typeName == parent || schema.possibleTypes(of: parent).isSubset(of: possible) { return nil }
        return TypeCondition(typeName: typeName, concreteTypes: possible)
    }

    mutating func compileInline(_ inline: GraphQLSyntax.InlineFragment, parent: String,
                                underCatch: Bool) -> InlineFragmentNode? {
        if checkDirectives(inline.directives, at: "INLINE_FRAGMENT") { return nil }
        var typeName = parent
        if let named = inline.typeCondition {
            guard let type = schema.types[named.name.value], type.isComposite else {
                diagnose(named.location, .unknownType(named.name.value))
                return nil
            }
            guard schema.typesOverlap(type.name, parent) else {
                diagnose(inline.location, .spreadCannotApply(fragment: "inline fragment",
                                                            fragmentType: type.name, parentType: parent))
                return nil
            }
            typeName = type.name
        }
        let deferral = compileDeferral(inline.directives, parent: parent)
        let set = compileSelections([inline.selectionSet], parent: typeName, underCatch: underCatch,
                                    generate: false)
        return InlineFragmentNode(condition: condition(typeName, within: parent), selectionSet: set, deferral: deferral,
                                  alias: aliasName(inline.directives, default: inline.typeCondition?.name.value))
    }

    mutating func compileSpread(_ spread: GraphQLSyntax.FragmentSpread, parent: String) -> SpreadNode? {
        if checkDirectives(spread.directives, at: "FRAGMENT_SPREAD") { return nil }
        let name = spread.name.value
        guard let fragment = artifacts[name] else {
            if !failed.contains(name) && !definedFragments.contains(name) {
                diagnose(spread.name.location, .unknownFragment(name))
            }
            return nil
        }
        guard schema.typesOverlap(fragment.typeName, parent) else {
            diagnose(spread.location, .spreadCannotApply(fragment: name, fragmentType: fragment.typeName,
                                                              parentType: parent))
            return nil
        }
        // The fragment's sets nest below this one: every walk through the spread descends as deep.
        if level + fragment.selectionSet.depth > Compiler.maximumDepth {
            diagnose(spread.name.location, .nestingTooDeep(limit: Compiler.maximumDepth, fragment: name))
            return nil
        }
        return SpreadNode(fragment: fragment, condition: condition(fragment.typeName, within: parent),
                          arguments: compileSpreadArguments(spread, of: fragment),
                          deferral: compileDeferral(spread.directives, parent: parent),
                          alias: aliasName(spread.directives, default: name))
    }
}
