/// Nested lenses, lists of lenses, caught fields and fragments.
extension Lens {
    /// A lens on `target` under `set`, or `nil` when one of its `@required` fields nulls it.
    /// - Complexity: O(1) when the selection has no `@required` chain; else a tracked walk
    ///   of the fields that can bubble.
    func child(_ target: Record, _ set: ObjectSelection, bound: BoundArtifact) throws(ReadError) -> Lens? {
        if set.canBubble {
            var walk = VerdictWalk(tracking: TrackedReads(), collectsErrors: false, bubblesOnly: true,
                                   logger: bound.logger)
            switch walk.walk(set, on: target, bound: bound) {
            case .complete: break
            case .bubbled: return nil
            case .stopped:
                throw .requiredFieldMissing(
                    record: target.id, field: walk.path.reversed().map(\.description).joined(separator: "."))
            }
        }
        return Lens(record: target, selection: set, bound: bound)
    }

    func linked(_ key: String, optional: Bool) throws(ReadError) -> Lens? {
        guard let (field, slot) = try matchedSlot(key, optional: optional) else { return nil }
        switch slot.value {
        case .link(let target):
            guard case .linked(let set) = field.kind else { break }
            // A deleted record reads as null, by the null rules.
            if target.isNonexistent { return try null(field, slot, optional: optional) }
            if field.catchTarget == .null, !(try caughtErrors(target, set).isEmpty) { return nil }
            if let lens = try child(target, set, bound: bound) { return lens }
            if optional { return nil }
            throw .unexpectedNull(record: id, field: key)
        case .null:
            return try null(field, slot, optional: optional)
        case .scalar, .links:
            break
        }
        throw .typeMismatch(record: id, field: key, expected: "an object")
    }

    /// A non-null object field: a null throws. Where a nullable read also fits, that one is
    /// chosen. - Complexity: O(1) plus one tracked access (and the `@required` check of the
    /// child, if it has any).
    @_disfavoredOverload
    public func read(_ key: String) throws(ReadError) -> Lens {
        guard let lens = try linked(key, optional: false) else { throw .unexpectedNull(record: id, field: key) }
        return lens
    }

    /// A nullable object field: `nil` for null, or when a `@required` field inside nulls it.
    public func read(_ key: String) throws(ReadError) -> Lens? {
        try linked(key, optional: true)
    }

    /// The list's length and the lenses of its items from `start` on.
    func list(_ key: String, optionalItems: Bool, from start: Int = 0) throws(ReadError) -> (count: Int, items: [Lens?]) {
        let (field, matched) = node(key)
        guard matched else { throw unmet(field) }
        guard let slot = slot(field) else { throw .missing(record: id, field: key) }
        switch slot.value {
        case .links(let targets):
            guard case .linkedList(let set, _) = field.kind else { break }
            var lenses: [Lens?] = []
            let first = min(max(start, 0), targets.count)
            lenses.reserveCapacity(targets.count - first)
            // Loops, not `flatMap`/`compactMap`, here and in `read`: a main-actor closure
            // handed to them checks its executor on every item.
            for target in targets[first...] {
                var lens: Lens?
                if let target, !target.isNonexistent { lens = try child(target, set, bound: bound) }
                if lens == nil && !optionalItems { throw .unexpectedNull(record: id, field: key) }
                lenses.append(lens)
            }
            return (targets.count, lenses)
        case .null:
            let _: Lens? = try null(field, slot, optional: false)
        case .scalar, .link:
            break
        }
        throw .typeMismatch(record: id, field: key, expected: "a list of objects")
    }

    /// A list of objects whose items are all present. - Complexity: O(items) plus one
    /// tracked access.
    public func read(_ key: String) throws(ReadError) -> [Lens] {
        let items = try list(key, optionalItems: false).items
        var lenses: [Lens] = []
        lenses.reserveCapacity(items.count)
        for case let lens? in items { lenses.append(lens) }
        return lenses
    }

    /// A list of objects with null items (null in the store, or nulled by `@required`).
    public func read(_ key: String) throws(ReadError) -> [Lens?] {
        try list(key, optionalItems: true).items
    }

    /// The length of a list of objects and its items from position `start` on: what a lazy
    /// list view reads to show the rows it has not shown yet (a page just merged), tracked as
    /// a read of the whole list is, without a lens for the items before `start`.
    /// - Complexity: O(items from `start`) plus one tracked access.
    public func read(_ key: String, from start: Int) throws(ReadError) -> (count: Int, items: [Lens?]) {
        try list(key, optionalItems: true, from: start)
    }

    // MARK: @catch(to: RESULT)

    /// Errors at or under a caught object (its own selection), THROW misses included.
    func caughtErrors(_ target: Record, _ set: ObjectSelection) throws(ReadError) -> [GraphQLError] {
        var walk = VerdictWalk(tracking: TrackedReads(), collectsErrors: true, bubblesOnly: false,
                               logger: nil, includesCaught: true)
        _ = walk.walk(set, on: target, bound: bound)
        return walk.errors
    }

    /// A scalar field under `@catch(to: RESULT)`: its value, or the errors that nulled it.
    public func caught<T: ScalarDecodable>(_ key: String) throws(ReadError) -> CatchResult<T?> {
        let (field, _) = node(key)
        if let errors = slot(field)?.errors { return .failure(errors) }
        return .ok(try read(key) as T?)
    }

    /// An object field under `@catch(to: RESULT)`: its lens, or the errors at or under it.
    public func caught(_ key: String) throws(ReadError) -> CatchResult<Lens?> {
        let (field, _) = node(key)
        guard let slot = slot(field) else { throw .missing(record: id, field: key) }
        if let errors = slot.errors { return .failure(errors) }
        if case .link(let target) = slot.value, case .linked(let set) = field.kind {
            let errors = try caughtErrors(target, set)
            if !errors.isEmpty { return .failure(errors) }
        }
        return .ok(try linked(key, optional: true))
    }

    // MARK: Fragments

    /// The lens of the fragment `name` spread in this selection, on the same record: `nil`
    /// when its type condition does not hold for the record (a tracked read of its type) or
    /// its root bubbled.
    /// Opening a fragment not spread here is a programmer error (masking).
    public func fragment(_ name: String) throws(ReadError) -> Lens? {
        guard let spread = selection.spreads.first(where: { $0.fragment.name == name }) else {
            preconditionFailure("Lens.fragment(\"\(name)\"): \(bound.artifact.name) does not spread \(name) "
                + "on \(selection.typeName) (it spreads: \(selection.spreads.map(\.fragment.name).joined(separator: ", ")))")
        }
        if let condition = spread.condition {
            record.registrar.access(record, keyPath: Record.typeKeyPath)
            guard condition.matches(record.type) else { return nil }
        }
        let fragment = bound.fragment(spread)
        return try child(record, spread.fragment.selectionSet, bound: fragment)
    }

    /// `fragment(_:)` by artifact.
    public func fragment(_ artifact: Artifact) throws(ReadError) -> Lens? {
        try fragment(artifact.name)
    }
}
