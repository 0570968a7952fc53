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
    /// When a side did not keep the function: the most that side may have left out
    /// (`MetricResult.functionsOmittedBelow`), so the function's count there was at most this;
    /// 0 otherwise (or when that side left nothing out).
    public var omittedBelow: Double

    /// Creates a change.
    public init(name: String, baseline: Double?, candidate: Double?, omittedBelow: Double = 0) {
        self.name = name
        self.baseline = baseline
        self.candidate = candidate
        self.omittedBelow = omittedBelow
    }

    /// `candidate − baseline`. A side without the function counts as the value nearest the
    /// other side's that it could have left out (same sign, at most `omittedBelow` in size), so
    /// a function that only fell under a side's cut-off does not read as a large change, and a
    /// new or removed function counts in full above the cut-off.
    public var change: Double {
        func nearest(to value: Double) -> Double {
            value < 0 ? Swift.max(value, -omittedBelow) : Swift.min(value, omittedBelow)
        }
        switch (baseline, candidate) {
        case let (before?, after?): return after - before
        case let (before?, nil): return nearest(to: before) - before
        case let (nil, after?): return after - nearest(to: after)
        case (nil, nil): return 0
        }
    }

    /// The share of the total absolute change the named functions explain at least.
    public static let explainedShare = 0.9
    /// The most functions named.
    public static let limit = 10

    /// `largest(from:omittedBelow:to:omittedBelow:)` of two measurements of one metric; empty
    /// unless both carry per-function counts. - Complexity: O(f log f).
    public static func largest(from baseline: MetricResult, to candidate: MetricResult) -> [FunctionChange] {
        guard let before = baseline.functions, let after = candidate.functions else { return [] }
        return largest(from: before, omittedBelow: baseline.functionsOmittedBelow ?? 0,
                       to: after, omittedBelow: candidate.functionsOmittedBelow ?? 0)
    }

    /// The functions whose self counts moved most between `baseline` and `candidate`, largest
    /// absolute change first (ties by name), until they explain `explainedShare` of the sum of
    /// all absolute changes or `limit` are named. Empty when nothing moved. `baselineOmittedBelow`
    /// and `candidateOmittedBelow` bound what each side left out (`MetricResult.functionsOmittedBelow`).
    /// - Complexity: O(f log f) for f functions on both sides.
    public static func largest(from baseline: [FunctionCost], omittedBelow baselineOmittedBelow: Double = 0,
                               to candidate: [FunctionCost], omittedBelow candidateOmittedBelow: Double = 0)
        -> [FunctionChange] {
        var changes: [String: FunctionChange] = [:]
        for function in baseline {
            changes[function.name] = FunctionChange(name: function.name, baseline: function.selfInstructions,
                                                    candidate: nil, omittedBelow: candidateOmittedBelow)
        }
        for function in candidate {
            if changes[function.name] == nil {
                changes[function.name] = FunctionChange(name: function.name, baseline: nil, candidate: nil,
                                                        omittedBelow: baselineOmittedBelow)
            } else {
                changes[function.name]?.omittedBelow = 0
            }
            changes[function.name]?.candidate = function.selfInstructions
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
