import Observation

/// Pages through the `@connection` field of an attached query, or of a `@refetchable`
/// fragment: `loadNext` and `loadPrevious` fetch the next page after the list's end (or
/// before its start) with the query's own paging variables (the fragment's derived query,
/// for a fragment), and the store merges it into the one list every reader of the
/// connection sees. Made by `Environment.paginate(_:connection:)`.
///
/// `hasNext`, `hasPrevious`, the loading flags and `data` are tracked: a body that reads them
/// re-runs when they change, and at no other time. A page that lands when the list no longer
/// ends at its cursor (a refetch replaced it meanwhile) is dropped, counted
/// (`RuntimeCounters.Snapshot.pagesDropped`) and told to the caller (`PageLoad.dropped`).
@MainActor
public final class PaginationHandle: Observable {
    /// Why an operation cannot be paged.
    public struct Unpageable: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The query a page is fetched with (the attached one, or the fragment's derived one).
    private let operation: Artifact
    /// Its variables, before the paging ones (the fragment's, and its record's id), as the
    /// last refetch left them.
    private var baseVariables: [String: JSONValue]
    /// The record the path to the connection starts from: the root, or the fragment's.
    private let start: Record
    private let environment: Environment
    /// The query, or the fragment, bound to the variables the list is read under.
    private var bound: BoundArtifact
    /// The key that picked the connection, if one did.
    private let connectionKey: String?
    /// The fields from `start` to the connection, each with the artifact it is bound under.
    private var path: [(field: FieldNode, bound: BoundArtifact)]
    private let variables: PagingVariables
    /// The store's retention of the list a refetch moved to (other variables than the
    /// attached handle's, which no handle retains); released with the handle.
    private var retention: Retention?
    private let registrar = ObservationRegistrar()
    private var loadingNext = false
    private var loadingPrevious = false

    /// The variables the connection's paging arguments are written with.
    struct PagingVariables {
        var first, after, last, before: String?
    }

    init(operation: Artifact, variables baseVariables: [String: JSONValue], start: Record, environment: Environment,
         bound: BoundArtifact, connectionKey: String?) throws(Unpageable) {
        self.operation = operation
        self.baseVariables = baseVariables
        self.start = start
        self.environment = environment
        self.bound = bound
        self.connectionKey = connectionKey
        (path, variables) = try Environment.pagedConnection(in: bound, key: connectionKey)
    }

    isolated deinit {
        if let retention { environment.release(retention) }
    }

    /// The query's data (or the fragment) as this handle pages it: read under the variables
    /// the last `refetch` set, so a refetch that changes the connection's filters shows its
    /// new list here, where the attached handle's phase (or the parent's fragment lens)
    /// keeps its own variables' list. Tracked: a body re-runs when a refetch changes them.
    /// - Complexity: O(1).
    public var data: Lens {
        registrar.access(self, keyPath: \.data)
        return Lens(bound, record: start)
    }

    /// The connection's record, what the edge directives of a mutation name in
    /// `connections`; `nil` before the first page. Untracked.
    /// - Complexity: O(depth of the connection's field).
    public var connectionID: DataID? { connection(tracked: false)?.id }

    /// Whether a page after the list's end is loading. Tracked. - Complexity: O(1).
    public var isLoadingNext: Bool {
        registrar.access(self, keyPath: \.isLoadingNext)
        return loadingNext
    }

    /// Whether a page before the list's start is loading. Tracked. - Complexity: O(1).
    public var isLoadingPrevious: Bool {
        registrar.access(self, keyPath: \.isLoadingPrevious)
        return loadingPrevious
    }

    /// Whether the server has edges after the list's end (`pageInfo.hasNextPage`); false
    /// before the first page. Tracked: read from the store's records.
    /// - Complexity: O(depth of the connection's field).
    public var hasNext: Bool { pageInfo(.hasNextPage, tracked: true) == .bool(true) }

    /// Whether the server has edges before the list's start (`pageInfo.hasPreviousPage`).
    /// Tracked. - Complexity: O(depth of the connection's field).
    public var hasPrevious: Bool { pageInfo(.hasPreviousPage, tracked: true) == .bool(true) }

    /// Fetches up to `count` edges after the list's end and merges them in. Sends nothing
    /// when there is no next page, the query has no `first`/`after` variables, or a page
    /// after the end is loading already (as Relay's `loadNext`).
    /// - Returns: `.merged`; `.dropped` when the page came after the list had moved on (a
    ///   refetch replaced it meanwhile) and nothing of it was merged; `.notSent`.
    /// - Throws: the fetch's failure, the list then as it was: among them a page the store
    ///   refuses (`undecodableResponse` naming the path): one that says there is a next page
    ///   with no `endCursor`, or one that answers for another parent record than the list's.
    @discardableResult
    public func loadNext(_ count: Int) async throws(Failure) -> PageLoad {
        try await load(count, size: variables.first, cursor: variables.after, from: .endCursor, whileMore: .hasNextPage,
                       flag: \.isLoadingNext, clearing: [variables.last, variables.before])
    }

    /// Fetches up to `count` edges before the list's start and merges them in; as `loadNext`.
    @discardableResult
    public func loadPrevious(_ count: Int) async throws(Failure) -> PageLoad {
        try await load(count, size: variables.last, cursor: variables.before, from: .startCursor,
                       whileMore: .hasPreviousPage, flag: \.isLoadingPrevious, clearing: [variables.first, variables.after])
    }

    /// One page in one direction: `count` in the variable `size`, the list's cursor at `end`
    /// in `cursor`, while the `pageInfo` says there is `more`, with `flag` up meanwhile.
    private func load(_ count: Int, size: String?, cursor: String?, from end: FieldKey, whileMore more: FieldKey,
                      flag: KeyPath<PaginationHandle, Bool>, clearing cleared: [String?]) async throws(Failure) -> PageLoad {
        guard !self[keyPath: flag], let size, let cursor, case .string(let value)? = pageInfo(end, tracked: false),
              pageInfo(more, tracked: false) == .bool(true) else { return .notSent }
        setLoading(flag, true)
        defer { setLoading(flag, false) }
        let commit = try await load([size: .int(count), cursor: .string(value)], clearing: cleared)
        return commit.changes.droppedPages > 0 ? .dropped : .merged
    }

    /// Fetches the first page again with `overrides` over the handle's variables (its
    /// cursors cleared) and puts it in place of the list. Overrides that change the
    /// connection's filters (or other arguments) fetch another list: the handle then pages
    /// that one, and `data` reads under the new variables.
    /// - Throws: the fetch's failure; the list and the variables are then as they were.
    public func refetch(_ overrides: [String: JSONValue] = [:]) async throws(Failure) {
        let cleared = [variables.after, variables.before]
        try await load(overrides, clearing: cleared)
        var scope = bound.variables.merging(overrides) { _, new in new }
        // The derived query's `id` names the fragment's record; it is no variable of the fragment.
        if bound.artifact.kind == .fragment { scope["id"] = bound.variables["id"] }
        for case let name? in cleared { scope[name] = nil }
        guard scope != bound.variables.filter({ !cleared.contains($0.key) }) else { return }
        let rebound = BoundArtifact(bound.artifact, variables: scope, logger: bound.logger)
        guard let paged = try? Environment.pagedConnection(in: rebound, key: connectionKey) else { return }
        let kept = environment.store.retain(rebound, root: start.id)
        if let retention { environment.release(retention) }
        retention = kept
        registrar.willSet(self, keyPath: \.data)
        baseVariables.merge(overrides) { _, new in new }
        for case let name? in cleared { baseVariables[name] = nil }
        bound = rebound
        path = paged.path
        registrar.didSet(self, keyPath: \.data)
    }

    /// Fetches the page query with `overrides` over the handle's variables, `cleared` left out.
    /// - Returns: the commit of its answer.
    @discardableResult
    private func load(_ overrides: [String: JSONValue], clearing cleared: [String?]) async throws(Failure) -> ResponseCommit {
        var variables = baseVariables
        for case let name? in cleared { variables[name] = nil }
        variables.merge(overrides) { _, new in new }
        return try await environment.fetchCommitted(operation, variables: variables).commit
    }

    private func setLoading(_ keyPath: KeyPath<PaginationHandle, Bool>, _ value: Bool) {
        registrar.willSet(self, keyPath: keyPath)
        if keyPath == \.isLoadingNext { loadingNext = value } else { loadingPrevious = value }
        registrar.didSet(self, keyPath: keyPath)
    }

    /// The connection's record, following the path from the start (each link read tracked
    /// when `tracked`); `nil` where a link is missing. - Complexity: O(depth of the path).
    private func connection(tracked: Bool) -> Record? {
        // The path is the binding's: a refetch that changes it moves every read.
        if tracked { registrar.access(self, keyPath: \.data) }
        var record = start
        for (field, bound) in path {
            let (key, keyPath) = bound.key(of: field)
            guard case .link(let next)? = Self.value(of: key, keyPath, in: record, tracked: tracked) else { return nil }
            record = next
        }
        return record
    }

    /// A scalar of the connection's `pageInfo` record; `nil` where it is missing.
    /// - Complexity: O(depth of the path).
    private func pageInfo(_ key: FieldKey, tracked: Bool) -> JSONValue? {
        guard let connection = connection(tracked: tracked),
              case .link(let info)? = Self.value(of: .pageInfo, FieldKey.pageInfo.keyPath, in: connection, tracked: tracked),
              case .scalar(let value)? = Self.value(of: key, key.keyPath, in: info, tracked: tracked) else { return nil }
        return value
    }

    private static func value(of key: FieldKey, _ keyPath: FieldKeyPath, in record: Record, tracked: Bool) -> StoredValue? {
        if tracked { record.observe(keyPath) }
        return record.slots[key]?.value
    }
}

extension Environment {
    /// A pagination handle for the `@connection` field of `handle`'s query: the one it
    /// selects (in its own selection or a fragment it spreads), or the one whose directive
    /// has `key` `connection` when there are several.
    /// - Throws: `PaginationHandle.Unpageable` when there is no such connection, or more
    ///   than one without a key named, or its paging arguments are not variables.
    /// - Complexity: O(fields of the query and its fragments).
    public func paginate(_ handle: OperationHandle, connection key: String? = nil)
        throws(PaginationHandle.Unpageable) -> PaginationHandle {
        // The root's binding: the handle's own variables, and what its lenses read under.
        try PaginationHandle(operation: handle.operation, variables: handle.variables, start: rootRecord,
                             environment: self, bound: handle.facts.root.bound, connectionKey: key)
    }

    /// A pagination handle for the `@connection` field of the `@refetchable` fragment
    /// `fragment` reads (a lens from `Lens.fragment(_:)`): pages are fetched with the
    /// fragment's derived query, under the fragment's variables and its record's id.
    /// - Throws: `PaginationHandle.Unpageable` when the fragment is not `@refetchable`, or
    ///   as `paginate(_:connection:)` for its connection.
    /// - Complexity: O(fields of the fragment and the fragments it spreads).
    public func paginate(fragment: Lens, connection key: String? = nil)
        throws(PaginationHandle.Unpageable) -> PaginationHandle {
        let artifact = fragment.bound.artifact
        guard let query = artifact.refetchQuery, let operation = program[query.name] else {
            throw PaginationHandle.Unpageable(description: "\(artifact.name) is not a @refetchable fragment")
        }
        var variables: [String: JSONValue] = [:]
        for variable in operation.variables { variables[variable.name] = fragment.bound.variables[variable.name] }
        if query.byNode { variables["id"] = .string(fragment.id.rawValue) }
        return try PaginationHandle(operation: operation, variables: variables, start: fragment.record,
                                    environment: self, bound: fragment.bound, connectionKey: key)
    }

    /// The path from `bound`'s root to its one `@connection` field (or the one of `key`),
    /// and the variables its paging arguments are written with.
    static func pagedConnection(in bound: BoundArtifact, key: String?) throws(PaginationHandle.Unpageable)
        -> (path: [(field: FieldNode, bound: BoundArtifact)], variables: PaginationHandle.PagingVariables) {
        var found: [[(field: FieldNode, bound: BoundArtifact)]] = []
        var seen: Set<ObjectIdentifier> = []
        func search(_ set: ObjectSelection, bound: BoundArtifact, path: [(field: FieldNode, bound: BoundArtifact)]) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    guard let child = field.selectionSet else { continue }
                    let here = path + [(field, bound)]
                    if let connection = field.connection, key == nil || connection.key == key { found.append(here) }
                    if case .linked = field.kind { search(child, bound: bound, path: here) }
                case .inlineFragment(let inline):
                    search(inline.selectionSet, bound: bound, path: path)
                case .spread(let spread):
                    guard seen.insert(ObjectIdentifier(spread.fragment)).inserted else { continue }
                    search(spread.fragment.selectionSet, bound: bound.fragment(spread), path: path)
                }
            }
        }
        search(bound.artifact.selectionSet, bound: bound, path: [])
        let name = bound.artifact.name
        guard found.count == 1, let path = found.first, let connection = path.last?.field.connection else {
            let which = key.map { "with key \($0)" } ?? ""
            throw PaginationHandle.Unpageable(description: found.isEmpty
                ? "\(name) selects no @connection field \(which)"
                : "\(name) selects \(found.count) @connection fields: name one by its key")
        }
        func variable(_ argument: ArgumentValue?) -> String? {
            if case .variable(let name)? = argument { name } else { nil }
        }
        let variables = PaginationHandle.PagingVariables(
            first: variable(connection.first), after: variable(connection.after),
            last: variable(connection.last), before: variable(connection.before))
        guard (variables.first != nil && variables.after != nil) || (variables.last != nil && variables.before != nil) else {
            throw PaginationHandle.Unpageable(description: """
                \(name): the @connection field's first and after (or last and before) must be variables to page with
                """)
        }
        return (path, variables)
    }
}
