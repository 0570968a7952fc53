/// The full traversal of a selection over the store, spreads included, shared by the
/// reference marker (GC) and the data checker (availability): both visit every record and
/// field an operation reaches, and differ only in what they do there.
@MainActor
protocol SelectionVisitor {
    /// Called for each record reached (with its selection); return false to skip it.
    mutating func enter(_ record: Record) -> Bool
    /// Called for a linked field never received on `record`, where `set` selects it, before
    /// `missing`: the record that answers it instead (a lookup's, `LookupAnswers`), which the
    /// walk enters as if linked, or `nil`.
    mutating func answer(_ field: FieldNode, in set: ObjectSelection, on record: Record,
                         bound: BoundArtifact) -> Record?
    /// Called for a field never received (read under `bound`) and not answered; return false
    /// to stop the whole walk.
    mutating func missing(_ field: FieldNode, on record: Record, bound: BoundArtifact) -> Bool
    /// Whether leaves (fields with no selection) are looked up, for `missing`: a visitor that
    /// only follows links skips them, and the copy of their values.
    static var looksUpLeaves: Bool { get }
    /// The spreads taken so far: a fragment is visited once per record.
    var spreads: SpreadMemo<DataID> { get set }
    /// Whether to pass over a deferred fragment (`@defer`) without visiting it: its part is
    /// still coming, so what it selects is not missing.
    func passesOver(_ deferral: Deferral) -> Bool
}

extension SelectionVisitor {
    /// Visits every deferred fragment: the store holds what landed, and the rest is missing.
    func passesOver(_ deferral: Deferral) -> Bool { false }

    /// Answers no missing field: the walk follows the links the store holds.
    func answer(_ field: FieldNode, in set: ObjectSelection, on record: Record, bound: BoundArtifact) -> Record? {
        nil
    }
}

@MainActor
extension SelectionVisitor {
    /// Visits `operation`'s whole selection from `root`. Returns false if the visitor stopped.
    /// - Complexity: O(fields reached), each fragment walked once per record.
    mutating func visit(_ operation: BoundArtifact, from root: Record) -> Bool {
        spreads = SpreadMemo(for: operation.artifact)
        return visit(operation.artifact.selectionSet, on: root, bound: operation)
    }

    /// A deleted record is entered but not walked: it is null, so nothing under it is missing.
    mutating func visit(_ set: ObjectSelection, on record: Record, bound: BoundArtifact) -> Bool {
        guard enter(record), record.type != .nonexistent else { return true }
        // A set of leaves alone (depth 1) links nowhere: nothing to follow.
        if !Self.looksUpLeaves && set.depth == 1 { return true }
        return visitSelections(set, on: record, bound: bound)
    }

    private mutating func visitSelections(_ set: ObjectSelection, on record: Record,
                                          bound: BoundArtifact) -> Bool {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let child = field.selectionSet
                if child == nil && !Self.looksUpLeaves { continue }
                // Peeked, not copied: a copy of the slot retains and releases its value.
                let key = bound.fieldKey(of: field)
                let peek = record.slots.peek(key)
                switch peek.kind {
                case .absent:
                    if let child, let target = answer(field, in: set, on: record, bound: bound) {
                        if !visit(child, on: target, bound: bound) { return false }
                    } else if !missing(field, on: record, bound: bound) {
                        return false
                    }
                case .link:
                    guard let child, let target = peek.link else { continue }
                    if !visit(child, on: target.takeUnretainedValue(), bound: bound) { return false }
                case .links:
                    guard let child, let targets = record.slots.links(key) else { continue }
                    for case let target? in targets where !visit(child, on: target, bound: bound) {
                        return false
                    }
                case .null, .scalar:
                    continue
                }
            case .inlineFragment(let inline):
                guard inline.condition?.matches(record.type) ?? true else { continue }
                if let deferral = inline.deferral, passesOver(deferral) { continue }
                if !visitSelections(inline.selectionSet, on: record, bound: bound) { return false }
            case .spread(let spread):
                guard spread.condition?.matches(record.type) ?? true,
                      spread.deferral.map({ !passesOver($0) }) ?? true,
                      spreads.firstVisit(of: spread.fragment, at: record.id) else { continue }
                let fragment = bound.fragment(spread)
                if !visitSelections(spread.fragment.selectionSet, on: record, bound: fragment) {
                    return false
                }
            }
        }
        return true
    }
}
