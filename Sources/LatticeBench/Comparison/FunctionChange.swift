/// How one function's self instructions per operation moved between two results: the
/// attribution of a changed instruction count (`ResultsComparison.Row.attribution`).
public struct FunctionChange: Sendable, Equatable {
    /// The function's name (`FunctionCost.name`).
    public var name: String
    /// Self instructions per operation in the baseline; nil when the baseline did not keep
    /// the function (too small there, or absent).
    public var baseline: Double?
    /// Self instructions per operation in the candidate; nil when the candidate did not keep it.
    public var candidate: Double?

    /// Creates a change.
    public init(name: String, baseline: Double?, candidate: Double?) {
        self.name = name
        self.baseline = baseline
        self.candidate = candidate
    }

    /// `candidate − baseline`, a side without the function counting 0.
    public var change: Double { (candidate ?? 0) - (baseline ?? 0) }

    /// The share of the total absolute change the named functions explain at least.
    public static let explainedShare = 0.9
    /// The most functions named.
    public static let limit = 10

    /// The functions whose self counts moved most between `baseline` and `candidate`, largest
    /// absolute change first (ties by name), until they explain `explainedShare` of the sum of
    /// all absolute changes or `limit` are named. Empty when nothing moved.
    /// - Complexity: O(f log f) for f functions on both sides.
    public static func largest(from baseline: [FunctionCost], to candidate: [FunctionCost]) -> [FunctionChange] {
        var changes: [String: FunctionChange] = [:]
        for function in baseline {
            changes[function.name] = FunctionChange(name: function.name, baseline: function.selfInstructions,
                                                    candidate: nil)
        }
        for function in candidate {
            changes[function.name, default: FunctionChange(name: function.name, baseline: nil, candidate: nil)]
                .candidate = function.selfInstructions
        }
        let moved = changes.values.filter { $0.change != 0 }
            .sorted { (Swift.abs($0.change), $1.name) > (Swift.abs($1.change), $0.name) }
        let total = moved.reduce(0) { $0 + Swift.abs($1.change) }
        var named: [FunctionChange] = []
        var explained = 0.0
        for change in moved where named.count < limit && explained < explainedShare * total {
            named.append(change)
            explained += Swift.abs(change.change)
        }
        return named
    }
}
