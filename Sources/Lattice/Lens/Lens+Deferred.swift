/// Reads of fragments under `@defer` by position, the calls generated accessors make
/// (`lens[deferred: 0]`): the fragment's state as `Deferred`, so a read never throws
/// `missing` for a field its part has not brought yet.
///
/// What a body depends on: the part's state, kept on the operation's root (`PartStates`), so
/// it re-runs when the part lands or fails, and not for the fragment's values (masking: the
/// child that reads the fragment depends on those). Where the state cannot tell (a lens read
/// outside a handle, a part that failed or was never announced), also on the presence of the
/// fragment's fields, so a later answer that brings them re-runs it.
extension Lens {
    /// The state of the fragment spread at `index` (`ObjectSelection.spreadIndex(of:)`), under
    /// `@defer`, that always applies and cannot bubble. It never throws, as a plain spread's
    /// reference does not: a `@required(action: THROW)` miss inside is the fragment's.
    /// - Complexity: O(fields of the fragment's own level) plus one or two tracked accesses.
    @inlinable
    public subscript<F: TypedFragment>(deferred index: Int) -> Deferred<FragmentReference<F>> {
        let spread = spread(at: index)
        switch deferredSpread(spread) {
        case .arrived(let lens?)?: return .arrived(FragmentReference(lens: lens))
        case .arrived(nil)?, nil: return .arrived(FragmentReference(lens: fragmentLens(spread)))
        case .pending?: return .pending
        case .failed(let failure)?: return .failed(failure)
        }
    }

    /// The state of a deferred spread under a type condition, or whose fragment can bubble to
    /// its root: `nil` when the condition does not hold, or the fragment arrived and bubbled.
    @inlinable
    public subscript<F: TypedFragment>(deferred index: Int) -> Deferred<FragmentReference<F>>? {
        switch deferredSpread(spread(at: index)) {
        case .arrived(let lens?)?: return .arrived(FragmentReference(lens: lens))
        case .arrived(nil)?, nil: return nil
        case .pending?: return .pending
        case .failed(let failure)?: return .failed(failure)
        }
    }

    /// The state of the inline fragment at `index` of the selection's `selections`, under
    /// `@defer` with a type condition: `nil` when the condition does not hold (a tracked read of
    /// the record's type), or it arrived and a `@required` inside nulls it. A value it cannot
    /// give is reported to the logger as an unavailable read, and reads `nil`.
    @inlinable
    public subscript<T: TypedLens>(deferredInline index: Int) -> Deferred<T>? {
        do {
            switch try deferredInline(at: index) {
            case .arrived(let lens?)?: return .arrived(T(lens: lens))
            case .arrived(nil)?, nil: return nil
            case .pending?: return .pending
            case .failed(let failure)?: return .failed(failure)
            }
        } catch {
            return unavailable(error, nil)
        }
    }

    /// The deferred `spread`: `nil` when its condition does not hold; arrived with its lens
    /// (`reference(_:)`'s), `nil` when its root bubbled.
    @usableFromInline
    func deferredSpread(_ spread: SpreadNode) -> Deferred<Lens?>? {
        guard let deferral = spread.deferral else {
            preconditionFailure("Lens[deferred:]: the spread of \(spread.fragment.name) in \(bound.artifact.name) "
                + "is not deferred: the generated code is not of this document")
        }
        if let condition = spread.condition {
            record.observe(Record.typeKeyPath)
            guard condition.matches(record.type) else { return nil }
        }
        let fragment = bound.fragment(spread)
        switch partState(deferral, spread.fragment.selectionSet, bound: fragment) {
        case .arrived: return .arrived(reference(spread))
        case .pending: return .pending
        case .failed(let failure): return .failed(failure)
        }
    }

    /// The deferred inline fragment at `index` of the selection's `selections`: `nil` when its
    /// condition does not hold; arrived with its lens, `nil` when a `@required` inside nulls it.
    @usableFromInline
    func deferredInline(at index: Int) throws(ReadError) -> Deferred<Lens?>? {
        guard case .inlineFragment(let inline) = selection.selections[index], let deferral = inline.deferral else {
            preconditionFailure("Lens[deferredInline: \(index)]: \(bound.artifact.name) has no deferred inline "
                + "fragment there on \(selection.typeName): the generated code is not of this document")
        }
        if let condition = inline.condition {
            record.observe(Record.typeKeyPath)
            guard condition.matches(record.type) else { return nil }
        }
        switch partState(deferral, inline.selectionSet, bound: bound) {
        case .arrived: return .arrived(try child(record, inline.selectionSet, bound: bound))
        case .pending: return .pending
        case .failed(let failure): return .failed(failure)
        }
    }

    /// The state of the deferred `set` on this record: arrived when its fields of its own level
    /// are in the store, else failed when its part failed, else pending. Tracks the part's
    /// state; and the fields' presence too where the state does not say the part is coming.
    private func partState(_ deferral: Deferral, _ set: ObjectSelection, bound: BoundArtifact) -> Deferred<Void> {
        let part = bound.parts?.state(of: deferral)
        if fieldsArePresent(set, bound: bound, tracked: false) { return .arrived(()) }
        if case .pending? = part { return .pending }
        // Nothing says the fields are coming: a later answer may bring them, so their presence is read.
        _ = fieldsArePresent(set, bound: bound, tracked: true)
        if case .failed(let failure)? = part { return .failed(failure) }
        return .pending
    }

    /// Whether every field of `set`'s own level is in the record (an absent one stops the
    /// walk), each presence read tracked when `tracked`.
    private func fieldsArePresent(_ set: ObjectSelection, bound: BoundArtifact, tracked: Bool) -> Bool {
        for case .field(let field) in set.selections {
            if tracked { record.observe(bound.keyPath(of: field)) }
            if record.slots.peek(bound.fieldKey(of: field)).kind == .absent { return false }
        }
        return true
    }
}
