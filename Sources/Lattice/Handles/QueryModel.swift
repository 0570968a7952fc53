import Observation

/// A generated query as a view owns it: made from the environment, the variables and the
/// policy, it attaches the query on its first use (the first read of anything it shows, or
/// the first action) and detaches it when it is released, so the query lives exactly as long
/// as the view's model. What it shows (`data`, `phase`, `fetch`, `isRefreshing`) is read from
/// its handle, tracked as the handle's reads are: a body that reads `data` and one of its
/// fields re-runs when that field changes, or the phase does, and not for a commit it did not
/// read.
///
/// Making one costs nothing but its storage: a SwiftUI view that builds a model in its
/// initializer, which SwiftUI runs again at every update of the parent and throws away but the
/// first (`@State`), attaches nothing for the ones thrown away. Its variables and policy are
/// fixed; a view showing other variables makes another model (SwiftUI's `.id(_:)`).
///
/// It conforms to `Observable` with no tracked state of its own: its handle is made once and
/// never replaced, and what changes is tracked on the handle's facts.
@MainActor
public final class QueryModel<Query: TypedQuery>: Observable {
    /// The environment the query is attached to.
    public let environment: Environment
    /// The query's variables.
    public let variables: Query.Variables
    /// The policy it is attached with (`Environment.attach(_:variables:policy:)`).
    public let policy: FetchPolicy
    /// The attached handle, once the model was first used.
    private var attached: QueryHandle<Query>?
    /// The paginations made, by connection key: one a connection for the model's life, so its
    /// loading flags hold across a view's updates.
    private var paginations: [String?: TypedPagination<Query.Data>] = [:]

    /// A model of `query` with `variables` and `policy`; nothing is attached until it is first
    /// used. - Complexity: O(1).
    public init(_ query: Query.Type = Query.self, environment: Environment, variables: Query.Variables,
                policy: FetchPolicy = .storeOrNetwork) {
        self.environment = environment
        self.variables = variables
        self.policy = policy
    }

    /// A model of a query that declares no variables. - Complexity: O(1).
    public convenience init(_ query: Query.Type = Query.self, environment: Environment,
                            policy: FetchPolicy = .storeOrNetwork) where Query.Variables == NoVariables {
        self.init(query, environment: environment, variables: NoVariables(), policy: policy)
    }

    isolated deinit {
        attached?.handle.detach()
    }

    /// The query's handle (its availability, parts, invalidation), attached at the first read
    /// with the model's variables and policy. The model detaches it when it is released,
    /// copies of it kept elsewhere included. Untracked.
    /// - Complexity: O(1) once attached; the first read costs `Environment.attach`'s check of
    ///   the store and, as the policy says, a fetch.
    public var handle: QueryHandle<Query> {
        if let attached { return attached }
        let handle = environment.attach(Query.self, variables: variables, policy: policy)
        attached = handle
        return handle
    }

    /// Whether the model has attached its query (it was used) and has not been released.
    /// Untracked. - Complexity: O(1).
    public var isAttached: Bool { attached?.handle.isAttached ?? false }

    /// The phase, the ready data typed: `QueryHandle.phase`, tracked as the handle's phase is
    /// (under the derived strategy, a body reading it depends on the fields its verdict walks).
    /// - Complexity: that of `OperationHandle.phase`.
    public var phase: TypedPhase<Query.Data> { handle.phase }

    /// The ready data, `nil` while loading or failed. - Complexity: that of `phase`.
    public var data: Query.Data? { handle.data }

    /// The fetch's activity and the last response's unplaced errors, as
    /// `OperationHandle.fetch`, tracked. - Complexity: O(1) plus two registrar accesses.
    public var fetch: Fetch { handle.handle.fetch }

    /// Data is shown and a fetch is in flight behind it (`OperationHandle.isRefreshing`).
    /// - Complexity: O(1).
    public var isRefreshing: Bool { handle.handle.isRefreshing }

    /// Fetches the query again, whatever the policy (`OperationHandle.refetch()`).
    /// - Returns: the fetch's task, which ends when its answer is committed or has failed.
    @discardableResult
    public func refetch() -> Task<Void, Never> { handle.handle.refetch() }

    /// The typed pagination of the query's `@connection` field (the one of `key` when it
    /// selects several), made on the model's handle at the first call (attaching it) and
    /// kept: later calls answer the same one, so a body may ask for it at every run.
    /// - Throws: as `Environment.paginate(_:connection:)`.
    /// - Complexity: O(1) once made; the first call O(fields of the query and its fragments).
    public func paginate(connection key: String? = nil) throws(PaginationHandle.Unpageable)
        -> TypedPagination<Query.Data> {
        if let made = paginations[key] { return made }
        let made = try environment.paginate(handle, connection: key)
        paginations[key] = made
        return made
    }

    /// Fetches again if the last fetch failed (`OperationHandle.retry()`).
    /// - Returns: the fetch's task, or `nil` if nothing failed.
    @discardableResult
    public func retry() -> Task<Void, Never>? { handle.handle.retry() }
}
