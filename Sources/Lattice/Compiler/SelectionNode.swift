/// One entry of a compiled selection set.
public enum SelectionNode: Sendable {
    /// A field, scalar or linked.
    case field(FieldNode)
    /// `... on Type { ... }` (or without a condition), read as part of the enclosing object.
    case inlineFragment(InlineFragmentNode)
    /// `...Fragment`: normalized, checked and marked through, but masked from reads of the
    /// enclosing document; read through the fragment's own lens.
    case spread(SpreadNode)
}

/// A compiled inline fragment.
public final class InlineFragmentNode: Sendable {
    /// `nil` when the condition always holds (same type as the enclosing selection).
    public let condition: TypeCondition?
    /// The selections inside, on the same object.
    public let selectionSet: ObjectSelection
    /// `@defer`: its fields may come in a later payload.
    public let deferral: Deferral?
    /// `@alias(as:)`: the name its selections are read under, as a type of their own (an
    /// unaliased one without a condition is read as part of the enclosing object).
    public let alias: String?

    init(condition: TypeCondition?, selectionSet: ObjectSelection, deferral: Deferral? = nil, alias: String? = nil) {
        self.condition = condition
        self.selectionSet = selectionSet
        self.deferral = deferral
        self.alias = alias
    }
}

/// A compiled fragment spread: the fragment's artifact and when it applies.
public final class SpreadNode: Sendable {
    /// The spread fragment's artifact.
    public let fragment: Artifact
    /// `nil` when the fragment applies to every object of the enclosing type.
    public let condition: TypeCondition?
    /// `@arguments`: values for the fragment's own variables, in the enclosing definition's
    /// terms (its variables, or literals).
    public let arguments: [String: ArgumentValue]
    /// `@defer`: the fragment's fields may come in a later payload.
    public let deferral: Deferral?
    /// `@alias(as:)`: the name the reference is read under (else the fragment's).
    public let alias: String?

    init(fragment: Artifact, condition: TypeCondition?, arguments: [String: ArgumentValue] = [:],
         deferral: Deferral? = nil, alias: String? = nil) {
        self.fragment = fragment
        self.condition = condition
        self.arguments = arguments
        self.deferral = deferral
        self.alias = alias
    }

    /// The values of the fragment's own variables here: the spread's `@arguments` resolved
    /// under `scope` (the enclosing definition's variables), else their defaults, else null.
    /// - Complexity: O(size of the values).
    public func fragmentValues(under scope: [String: JSONValue]) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for variable in fragment.variables {
            values[variable.name] = arguments[variable.name]?.resolve(scope) ?? variable.defaultValue ?? .null
        }
        return values
    }
}
