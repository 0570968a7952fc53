/// Per-function instructions per operation, from the function costs of the layout-0 regions
/// `InstructionCounter` marked: for each function, `(f(2n) − f(n) − (b(2n) − b(n))) / n`,
/// self and inclusive, `b` the same function in the empty baseline of the same call path. Summed
/// over all functions, the self figures give the benchmark's count.
///
/// What is kept: the 30 functions with the largest inclusive cost (the path from the
/// benchmark's closure down), and functions by largest absolute self cost until they explain
/// at least 95 % of the absolute self total and at least 30 of them are kept (where the
/// instructions go; what a comparison names when a count moves), at most `limit` in all.
/// Functions whose figures are all 0 are dropped.
enum InstructionAttribution {
    /// Functions kept by inclusive cost.
    static let byInclusive = 30
    /// Functions kept by self cost at least (more until `selfShare` is explained).
    static let bySelf = 30
    /// The share of the absolute self total the kept functions explain.
    static let selfShare = 0.95
    /// The most functions kept per benchmark.
    static let limit = 150

    /// Each benchmark's functions from the function costs of its regions (named as the parser
    /// named them, `FunctionName.readable` in a run), largest inclusive cost first. Benchmarks
    /// lacking a region get none.
    /// - Complexity: O(regions · functions).
    static func perOperation(_ regions: [InstructionRegion: CallgrindFunctionCosts])
        -> [String: (functions: [FunctionCost], omittedBelow: Double)] {
        let selfCosts = RegionDifference.perOperation(regions) { $0.functions.mapValues { Double($0.selfCost) } }
        let inclusiveCosts = RegionDifference.perOperation(regions) { $0.functions.mapValues { Double($0.inclusiveCost) } }
        var result: [String: (functions: [FunctionCost], omittedBelow: Double)] = [:]
        for (benchmark, own) in selfCosts {
            let inclusive = inclusiveCosts[benchmark] ?? [:]
            result[benchmark] = selected(Set(own.keys).union(inclusive.keys).map {
                FunctionCost(name: $0, selfInstructions: own[$0] ?? 0, inclusiveInstructions: inclusive[$0] ?? 0)
            })
        }
        return result
    }

    /// The functions kept of `all` (see the type), largest inclusive cost first, then by name,
    /// and the absolute self count of the smallest kept by self cost when some were left out
    /// (every function left out is at most that large), else 0.
    /// - Complexity: O(f log f).
    static func selected(_ all: [FunctionCost]) -> (functions: [FunctionCost], omittedBelow: Double) {
        let nonZero = all.filter { $0.selfInstructions != 0 || $0.inclusiveInstructions != 0 }
        let byInclusive = nonZero.sorted { ($0.inclusiveInstructions, $1.name) > ($1.inclusiveInstructions, $0.name) }
        let bySelf = nonZero.sorted { (abs($0.selfInstructions), $1.name) > (abs($1.selfInstructions), $0.name) }
        var kept = Set(byInclusive.prefix(Self.byInclusive).map(\.name))
        let selfTotal = nonZero.reduce(0) { $0 + abs($1.selfInstructions) }
        var explained = 0.0
        var smallest = 0.0
        var complete = true
        for (index, function) in bySelf.enumerated() {
            guard index < Self.bySelf || explained < Self.selfShare * selfTotal, kept.count < Self.limit else {
                complete = false
                break
            }
            kept.insert(function.name)
            explained += abs(function.selfInstructions)
            smallest = abs(function.selfInstructions)
        }
        return (byInclusive.filter { kept.contains($0.name) }, complete ? 0 : smallest)
    }
}
