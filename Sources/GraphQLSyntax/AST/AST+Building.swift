// Initializers for the executable nodes a transform adds to a parsed document (Lattice's
// compiler adds `id`, `__typename` and `... on T { id }` to the text it sends). A built node
// is written nowhere: it carries the location of the node it was added to.

extension Name {
    /// A name with the given text.
    public init(_ value: String, location: SourceLocation) {
        self.init(value: value, location: location)
    }
}

extension NamedType {
    /// A reference to the type named `name`.
    public init(_ name: String, location: SourceLocation) {
        self.init(name: Name(name, location: location), location: location)
    }
}

extension SelectionSet {
    /// A selection set of `selections` (never empty when printed and parsed back).
    public init(_ selections: [Selection], location: SourceLocation) {
        self.init(selections: selections, location: location)
    }
}

extension Field {
    /// A leaf field without alias, arguments or directives: `name`.
    public init(leaf name: String, location: SourceLocation) {
        self.init(alias: nil, name: Name(name, location: location), arguments: [], directives: [],
                  selectionSet: nil, location: location)
    }
}

extension InlineFragment {
    /// `... on type { selections }`, without directives.
    public init(on type: String, _ selections: [Selection], location: SourceLocation) {
        self.init(typeCondition: NamedType(type, location: location), directives: [],
                  selectionSet: SelectionSet(selections, location: location), location: location)
    }
}
