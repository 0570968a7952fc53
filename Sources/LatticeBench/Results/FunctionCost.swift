/// The instructions one function accounts for, per operation of a benchmark: what callgrind
/// counted in it in the region of 2n operations minus the region of n, minus the same for the
/// empty baseline, divided by n (the benchmark's count is computed the same way).
public struct FunctionCost: Codable, Sendable, Equatable {
    /// The function's demangled, shortened name (`FunctionName.readable`), e.g.
    /// `Lattice.OperationHandle.phase.getter`.
    public var name: String
    /// Instructions executed in the function itself, per operation.
    public var selfInstructions: Double
    /// Instructions executed in the function and everything it called, per operation
    /// (recursion counted once).
    public var inclusiveInstructions: Double

    /// Creates a function's cost.
    public init(name: String, selfInstructions: Double, inclusiveInstructions: Double) {
        self.name = name
        self.selfInstructions = selfInstructions
        self.inclusiveInstructions = inclusiveInstructions
    }
}
