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

    /// A non-null object field: a null throws. Where a nullable read also fits, that one is
    /// chosen. - Complexity: O(1) plus one tracked access (and the `@required` check of the
    /// child, if it has any).
    @_disfavoredOverload
    public func read(_ key: String) throws(ReadError) -> Lens {
        guard let lens = try linked(node(key), optional: false) else { throw .unexpectedNull(record: id, field: key) }
        return lens
    }

    /// A nullable object field: `nil` for null, or when a `@required` field inside nulls it.
    public func read(_ key: String) throws(ReadError) -> Lens? {
        try linked(node(key), optional: true)
    }

    /// A list of objects whose items are all present: a null list throws. Where the nullable
    /// read also fits, that one is chosen. - Complexity: O(items) plus one tracked access.
    @_disfavoredOverload
    public func read(_ key: String) throws(ReadError) -> [Lens] {
        present(try list(node(key), optionalItems: false, optionalList: false)?.items ?? [])
    }

    /// A nullable list of objects whose items are all present: `nil` for a null list.
    /// - Complexity: O(items) plus one tracked access.
    public func read(_ key: String) throws(ReadError) -> [Lens]? {
        guard let items = try list(node(key), optionalItems: false, optionalList: true)?.items else { return nil }
        return present(items)
    }

    /// A list of objects with null items (null in the store, or nulled by `@required`): a
    /// null list throws. Where the nullable read also fits, that one is chosen.
    @_disfavoredOverload
    public func read(_ key: String) throws(ReadError) -> [Lens?] {
        try list(node(key), optionalItems: true, optionalList: false)?.items ?? []
    }

    /// A nullable list of objects with null items: `nil` for a null list.
    public func read(_ key: String) throws(ReadError) -> [Lens?]? {
        try list(node(key), optionalItems: true, optionalList: true)?.items
    }

    /// The items of a list read with `optionalItems: false`, which are all present.
    private func present(_ items: [Lens?]) -> [Lens] {
        var lenses: [Lens] = []
        lenses.reserveCapacity(items.count)
        for case let lens? in items { lenses.append(lens) }
        return lenses
    }

    /// The length of a list of objects and its items from position `start` on: what a lazy
    /// list view reads to show the rows it has not shown yet (a page just merged), tracked as
    /// a read of the whole list is, without a lens for the items before `start`.
    /// - Complexity: O(items from `start`) plus one tracked access.
    public func read(_ key: String, from start: Int) throws(ReadError) -> (count: Int, items: [Lens?]) {
        try list(node(key), optionalItems: true, optionalList: false, from: start) ?? (0, [])
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
        try caughtValue(node(key))
    }

    /// An object field under `@catch(to: RESULT)`: its lens, or the errors at or under it.
    public func caught(_ key: String) throws(ReadError) -> CatchResult<Lens?> {
        try caughtLinked(node(key))
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
        return try opened(spread)
    }

    /// `fragment(_:)` by artifact.
    public func fragment(_ artifact: Artifact) throws(ReadError) -> Lens? {
        try fragment(artifact.name)
    }
}
