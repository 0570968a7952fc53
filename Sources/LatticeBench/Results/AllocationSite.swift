/// A function that asked for memory, and how often per operation: one of the sites that
/// allocate most in a benchmark's operation (`MetricResult.allocationSites`).
public struct AllocationSite: Codable, Sendable, Equatable {
    /// The function's demangled, shortened name (`FunctionName.readable`), the first caller of
    /// the allocator outside the allocator and the Swift runtime's entry points, e.g.
    /// `Lattice.Store.publish(_:delta:)`.
    public var function: String
    /// Allocations it made per operation (calls into `malloc` and its kin that it led to).
    public var allocations: Double

    /// Creates a site.
    public init(function: String, allocations: Double) {
        self.function = function
        self.allocations = allocations
    }
}
