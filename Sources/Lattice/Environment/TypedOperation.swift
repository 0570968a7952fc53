/// A generated operation: its name and request text in the program, its typed variables and
/// the typed lens of its data. `env.attach(DashboardQuery.self, variables: .init(...))`.
@MainActor
public protocol TypedOperation {
    /// The typed lens of the operation's root selection.
    associatedtype Data: TypedLens
    /// The operation's variables as Swift values (`NoVariables` when it declares none).
    associatedtype Variables: OperationVariables
    /// The operation's name in the documents.
    static var operationName: String { get }
    /// The operation's `Artifact.requestFingerprint` when the code was generated: the
    /// environment checks it against the program's, so code generated from other documents
    /// stops at its first use instead of reading the wrong fields.
    static var requestFingerprint: String { get }
    /// The operation's artifact in the program generated with it (`GeneratedProgram.program`,
    /// `Program[generated:]`): what the environment's typed calls run when their program did not
    /// compile this operation's text. - Complexity: O(1) once that program is built.
    static var artifact: Artifact { get }
}

/// A generated query.
public protocol TypedQuery: TypedOperation {}
/// A generated mutation, with the typed form of the answer the app expects
/// (`mutate(_:variables:optimisticResponse:optimisticUpdater:)`).
public protocol TypedMutation: TypedOperation {
    /// The mutation's response data as Swift values: every field the mutation sends, its
    /// spreads' fields and the `id` and `__typename` the compiler adds included, so the store
    /// takes it as it takes the server's answer.
    associatedtype OptimisticResponse: InputEncodable
}
/// A generated subscription.
public protocol TypedSubscription: TypedOperation {}

/// An operation's variables as Swift values, sent as JSON: a variable left `.omitted` is not
/// sent (the server applies its default), `.null` is sent as null.
public protocol OperationVariables: Sendable {
    /// The variables as the request sends them. - Complexity: O(size of the values).
    var json: [String: JSONValue] { get }
}

/// The variables of an operation that declares none.
public struct NoVariables: OperationVariables, Hashable {
    /// No variables.
    public init() {}
    /// Empty.
    public var json: [String: JSONValue] { [:] }
}

/// What a handle of a generated query shows: its phase with the data typed.
public enum TypedPhase<Data: TypedLens> {
    /// No data to show yet, and no failure.
    case loading
    /// The data, through the operation's typed root lens.
    case ready(Data)
    /// Why there is nothing to show.
    case failed(Failure)
}

/// An attached handle of a generated query: the `OperationHandle` (fetch state, refetch,
/// detach), with its phase typed. A value: copies share the handle.
@MainActor
public struct QueryHandle<Query: TypedQuery>: Hashable {
    /// The handle.
    public let handle: OperationHandle

    /// The phase, with the ready data as `Query.Data`: a tracked read, as `handle.phase` is.
    /// - Complexity: that of `OperationHandle.phase`.
    public var phase: TypedPhase<Query.Data> {
        switch handle.phase {
        case .loading: .loading
        case .ready(let lens): .ready(Query.Data(lens: lens))
        case .failed(let failure): .failed(failure)
        }
    }

    /// The ready data, if any. - Complexity: that of `phase`.
    public var data: Query.Data? {
        if case .ready(let data) = phase { return data }
        return nil
    }
}
