/// The environment's calls for generated operations: the same calls as by artifact, with
/// typed variables in and typed data out.
extension Environment {
    /// Attaches the generated query `query` with `variables`, as `attach(_:variables:policy:)`.
    /// - Complexity: that of `attach(_:variables:policy:)`, plus one compare of a request
    ///   fingerprint (whether the program compiled the text the code was generated from).
    public func attach<Query: TypedQuery>(_ query: Query.Type, variables: Query.Variables,
                                          policy: FetchPolicy = .storeOrNetwork) -> QueryHandle<Query> {
        QueryHandle(handle: attach(artifact(of: query), variables: variables.json, policy: policy))
    }

    /// Attaches a generated query that declares no variables.
    public func attach<Query: TypedQuery>(_ query: Query.Type, policy: FetchPolicy = .storeOrNetwork)
        -> QueryHandle<Query> where Query.Variables == NoVariables {
        attach(query, variables: NoVariables(), policy: policy)
    }

    /// Fetches the generated query `query`, as `fetch(_:variables:)`, and answers its data.
    public func fetch<Query: TypedQuery>(_ query: Query.Type,
                                         variables: Query.Variables) async throws(Failure) -> Query.Data {
        Query.Data(lens: try await fetch(artifact(of: query), variables: variables.json))
    }

    /// Runs the generated mutation `mutation`, as `mutate(_:variables:optimisticResponse:optimisticUpdater:updater:)`
    /// (the optimistic response typed by the generated code, `Mutation.OptimisticResponse`),
    /// and answers its data. `optimisticUpdater` stages writes on the optimistic layer, as
    /// Relay's does; `updater` stages writes on the answer, given its data typed, as Relay's
    /// updater is given the payload (one commit right after the answer's, only for an answer).
    /// - Complexity: that of the untyped call, plus one compare of a request fingerprint.
    public func mutate<Mutation: TypedMutation>(_ mutation: Mutation.Type, variables: Mutation.Variables,
                                                optimisticResponse: Mutation.OptimisticResponse? = nil,
                                                optimisticUpdater: ((inout RecordSourceDelta) -> Void)? = nil,
                                                updater: (@MainActor (inout RecordSourceDelta, Mutation.Data) -> Void)? = nil)
        async throws(Failure) -> Mutation.Data {
        let typed = updater.map { updater in { @MainActor (delta: inout RecordSourceDelta, lens: Lens) in
            updater(&delta, Mutation.Data(lens: lens))
        } }
        return Mutation.Data(lens: try await mutate(artifact(of: mutation), variables: variables.json,
                                                    optimisticResponse: optimisticResponse?.inputJSON,
                                                    optimisticUpdater: optimisticUpdater, updater: typed))
    }

    /// Starts the generated subscription `subscription`, as `subscribe(_:variables:)`.
    public func subscribe<Subscription: TypedSubscription>(_ subscription: Subscription.Type,
                                                           variables: Subscription.Variables) -> SubscriptionHandle {
        subscribe(artifact(of: subscription), variables: variables.json)
    }

    /// The artifact a generated operation runs as: the environment's program's, when it
    /// compiled the text the code was generated from (the same request fingerprint), else the
    /// operation's own, from the program generated with it (`TypedOperation.artifact`). Never
    /// missing: a generated type always has the artifact of its own text.
    /// - Complexity: O(1): a lookup and a 16-digit compare (the first use of the generated
    ///   program's artifact builds that program once).
    func artifact<Operation: TypedOperation>(of operation: Operation.Type) -> Artifact {
        if let artifact = program[Operation.operationName], artifact.requestFingerprint == Operation.requestFingerprint {
            return artifact
        }
        return Operation.artifact
    }
}
