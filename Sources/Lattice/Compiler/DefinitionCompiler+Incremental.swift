import GraphQLSyntax

/// `@defer` and `@stream`, checked as graphql-js 17 and graphql-core 3.3 check them
/// (`DeferStreamDirectiveLabel`, `DeferStreamDirectiveOnRootField`,
/// `DeferStreamDirectiveOnValidOperations`, `StreamDirectiveOnListField`), and an
/// `initialCount` below zero, which they refuse only when executing.
extension DefinitionCompiler {
    static let deferDirective = "defer"
    static let streamDirective = "stream"

    /// The `@defer` among `directives` of a fragment within `parent`, unless its `if` is the
    /// constant `false`; every misuse diagnosed.
    mutating func compileDeferral(_ directives: [Directive], parent: String) -> Deferral? {
        guard let directive = directives.first(where: { $0.name.value == Self.deferDirective }),
              argumentConstant(directive, "if") != .bool(false) else { return nil }
        usesDeferOrStream = true
        let label = checkLabel(of: directive)
        if parent == schema.mutationType || parent == schema.subscriptionType {
            diagnose(directive.location, .invalidDeferStream(
                "@defer may not be used on the root \(parent == schema.mutationType ? "mutation" : "subscription") type \(parent)"))
        }
        checkNotInSubscription(directive)
        return Deferral(label: label)
    }

    /// Checks the `@stream` among a field's `directives`: on a list, not on a root mutation or
    /// subscription field, not in a subscription, with a unique constant label and an
    /// `initialCount` that is not negative.
    mutating func checkStream(_ directives: [Directive], type: GraphQLType, parent: String) {
        guard let directive = directives.first(where: { $0.name.value == Self.streamDirective }),
              argumentConstant(directive, "if") != .bool(false) else { return }
        usesDeferOrStream = true
        _ = checkLabel(of: directive)
        if type.listItem == nil {
            diagnose(directive.location, .invalidDeferStream("@stream may only be used on a list field, not on one of type \(type)"))
        }
        if parent == schema.mutationType || parent == schema.subscriptionType {
            diagnose(directive.location, .invalidDeferStream(
                "@stream may not be used on a root \(parent == schema.mutationType ? "mutation" : "subscription") field"))
        }
        if case .int(let count)? = argumentConstant(directive, "initialCount"), count < 0 {
            diagnose(directive.location, .invalidDeferStream("@stream's initialCount is \(count); it may not be negative"))
        }
        checkNotInSubscription(directive)
    }

    /// The directive's `label`: a constant string, used once in the definition.
    private mutating func checkLabel(of directive: Directive) -> String? {
        guard let argument = directive.arguments.first(where: { $0.name.value == "label" }) else { return nil }
        guard case .string(let label)? = Self.constant(argument.value) else {
            diagnose(argument.location, .invalidDeferStream("@\(directive.name.value)'s label must be a constant string"))
            return nil
        }
        if !deferStreamLabels.insert(label).inserted {
            diagnose(argument.location, .invalidDeferStream("the label \"\(label)\" is used by another @defer or @stream"))
        }
        return label
    }

    private mutating func checkNotInSubscription(_ directive: Directive) {
        guard definitionKind == .subscription else { return }
        diagnose(directive.location, .invalidDeferStream(
            "@\(directive.name.value) may not be used in a subscription (set its `if` to false to keep it written)"))
    }
}
