/// One selection of an object as the verdict walk iterates it: a field (generated ones left
/// out: they cannot change a verdict) or an inline fragment; spreads are not walked.
///
/// Precomputed so the walk iterates a flat list with no enum to unpack and nothing to skip.
struct WalkStep: Sendable {
    let field: FieldNode?
    let inline: InlineFragmentNode?

    /// The steps of `selections`, in order.
    static func steps(_ selections: [SelectionNode]) -> [WalkStep] {
        selections.compactMap { selection in
            switch selection {
            case .field(let field): field.isAdded ? nil : WalkStep(field: field, inline: nil)
            case .inlineFragment(let inline): WalkStep(field: nil, inline: inline)
            case .spread: nil
            }
        }
    }
}
