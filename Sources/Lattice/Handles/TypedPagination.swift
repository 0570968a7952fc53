/// The pagination of a generated query's connection, or of a generated `@refetchable`
/// fragment's: a `PaginationHandle` whose `data` is the generated type (`Query.Data`, or the
/// fragment's). Made by `Environment.paginate(_:connection:)` with a `QueryHandle`, a typed
/// fragment or its reference, or by `QueryModel.paginate(connection:)`.
///
/// A value: copies share the handle, which does the work (pages, flags, tracking); this only
/// types what it reads.
@MainActor
public struct TypedPagination<Data: TypedLens>: Hashable {
    /// The untyped handle: its `refetch(_:)` and `connectionID` too.
    public let handle: PaginationHandle

    /// The data as the handle pages it, typed: `PaginationHandle.data`, tracked as it is.
    /// - Complexity: O(1).
    public var data: Data { Data(lens: handle.data) }

    /// Whether a page after the list's end is loading. Tracked. - Complexity: O(1).
    public var isLoadingNext: Bool { handle.isLoadingNext }

    /// Whether a page before the list's start is loading. Tracked. - Complexity: O(1).
    public var isLoadingPrevious: Bool { handle.isLoadingPrevious }

    /// Whether the server has edges after the list's end. Tracked.
    /// - Complexity: O(depth of the connection's field).
    public var hasNext: Bool { handle.hasNext }

    /// Whether the server has edges before the list's start. Tracked.
    /// - Complexity: O(depth of the connection's field).
    public var hasPrevious: Bool { handle.hasPrevious }

    /// Fetches up to `count` edges after the list's end: `PaginationHandle.loadNext(_:)`.
    /// - Complexity: one round trip and the commit of the page.
    @discardableResult
    public func loadNext(_ count: Int) async throws(Failure) -> PaginationHandle.PageLoad {
        try await handle.loadNext(count)
    }

    /// Fetches up to `count` edges before the list's start: `PaginationHandle.loadPrevious(_:)`.
    /// - Complexity: one round trip and the commit of the page.
    @discardableResult
    public func loadPrevious(_ count: Int) async throws(Failure) -> PaginationHandle.PageLoad {
        try await handle.loadPrevious(count)
    }

    /// Whether both page through the same handle. - Complexity: O(1).
    public nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.handle === rhs.handle }

    /// Hashes the handle's identity. - Complexity: O(1).
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(handle))
    }
}

extension Environment {
    /// The typed pagination of the `@connection` field of `query`'s generated query (the one
    /// it selects, or the one of `key`): `paginate(_:connection:)` of its handle, with `data`
    /// typed `Query.Data`.
    /// - Throws: as `paginate(_:connection:)`.
    /// - Complexity: O(fields of the query and its fragments).
    public func paginate<Query: TypedQuery>(_ query: QueryHandle<Query>, connection key: String? = nil)
        throws(PaginationHandle.Unpageable) -> TypedPagination<Query.Data> {
        TypedPagination(handle: try paginate(query.handle, connection: key))
    }

    /// The typed pagination of the `@connection` field of the generated `@refetchable`
    /// fragment `fragment`: pages come from its derived query, and `data` is the fragment's
    /// type. Only `@refetchable` fragments are `TypedRefetchableFragment`, so another does not
    /// compile here.
    /// - Throws: as `paginate(fragment:connection:)`: among them, the environment's program
    ///   lacks the derived query.
    /// - Complexity: O(fields of the fragment and the fragments it spreads).
    public func paginate<Fragment: TypedRefetchableFragment>(_ fragment: Fragment, connection key: String? = nil)
        throws(PaginationHandle.Unpageable) -> TypedPagination<Fragment> {
        TypedPagination(handle: try paginate(fragment: fragment.lens, connection: key))
    }

    /// The typed pagination of the fragment `reference` opens: `paginate(_:connection:)` of
    /// the fragment. - Complexity: that one's.
    public func paginate<Fragment: TypedRefetchableFragment>(_ reference: FragmentReference<Fragment>,
                                                             connection key: String? = nil)
        throws(PaginationHandle.Unpageable) -> TypedPagination<Fragment> {
        try paginate(Fragment(reference), connection: key)
    }
}
