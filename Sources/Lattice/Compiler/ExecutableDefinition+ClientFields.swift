import GraphQLSyntax

extension ExecutableDefinition {
    /// The definition without its client-only fields (`FieldNode.isClientOnly`), which no
    /// server knows: the fields written at the start offsets `clientFields` are taken out of
    /// every set, with all under them. A set left with nothing, and nothing the compiler adds
    /// to it (`added`), selects `__typename`, so the text stays a valid document.
    /// - Complexity: O(size of the definition); O(1) without client fields.
    func leavingOut(_ clientFields: Set<Int>, added: AddedSyntax) -> ExecutableDefinition {
        guard !clientFields.isEmpty else { return self }
        switch self {
        case .operation(var operation):
            operation.selectionSet = operation.selectionSet.leavingOut(clientFields, added: added)
            return .operation(operation)
        case .fragment(var fragment):
            fragment.selectionSet = fragment.selectionSet.leavingOut(clientFields, added: added)
            return .fragment(fragment)
        }
    }
}

extension GraphQLSyntax.SelectionSet {
    fileprivate func leavingOut(_ clientFields: Set<Int>, added: AddedSyntax) -> GraphQLSyntax.SelectionSet {
        var set = self
        set.selections = selections.compactMap { selection -> GraphQLSyntax.Selection? in
            switch selection {
            case .field(var field):
                if clientFields.contains(field.location.start) { return nil }
                field.selectionSet = field.selectionSet?.leavingOut(clientFields, added: added)
                return .field(field)
            case .inlineFragment(var inline):
                inline.selectionSet = inline.selectionSet.leavingOut(clientFields, added: added)
                return .inlineFragment(inline)
            case .fragmentSpread:
                return selection
            }
        }
        if set.selections.isEmpty && added[location.start] == nil {
            set.selections = [.field(Field(leaf: "__typename", location: location))]
        }
        return set
    }
}
