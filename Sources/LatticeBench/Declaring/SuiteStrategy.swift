/// A strategy a suite's benchmarks measure side by side (Lattice's three ways of keeping the
/// phase): the name its benchmarks and the limits file's chain carry, what it is, and its colour,
/// so a strategy reads the same in every chart and heading.
public struct SuiteStrategy: Sendable, Hashable {
    /// The name in benchmark names and in the limits file's `strategies`.
    public let name: String
    /// What the strategy is, in a few words, for the decision's chain.
    public let role: String
    /// Its colour in every chart (a CSS colour).
    public let color: String

    /// A strategy named `name`.
    public init(_ name: String, role: String, color: String) {
        self.name = name
        self.role = role
        self.color = color
    }
}
