#if canImport(SwiftUI)
import SwiftUI

/// A view's `QueryModel`, kept by SwiftUI for the view's lifetime: the model is made once, at
/// the view's first appearance in the hierarchy (`@State`), attaches its query at its first
/// read, and detaches it when SwiftUI drops the view. It holds no logic of its own.
///
/// ```text
/// @LatticeQuery var dashboard: QueryModel<DashboardQuery>
/// init(environment: Lattice.Environment) { _dashboard = LatticeQuery(environment: environment) }
/// ```
/// - Complexity: that of `QueryModel`: making one attaches nothing.
@MainActor @propertyWrapper
public struct LatticeQuery<Query: TypedQuery>: DynamicProperty {
    @State private var model: QueryModel<Query>

    /// The model of `query` with `variables` and `policy`.
    public init(_ query: Query.Type = Query.self, environment: Lattice.Environment, variables: Query.Variables,
                policy: FetchPolicy = .storeOrNetwork) {
        _model = State(wrappedValue: QueryModel(query, environment: environment, variables: variables, policy: policy))
    }

    /// The model of a query that declares no variables.
    public init(_ query: Query.Type = Query.self, environment: Lattice.Environment,
                policy: FetchPolicy = .storeOrNetwork) where Query.Variables == NoVariables {
        self.init(query, environment: environment, variables: NoVariables(), policy: policy)
    }

    /// The model SwiftUI keeps.
    public var wrappedValue: QueryModel<Query> { model }
}
#endif
