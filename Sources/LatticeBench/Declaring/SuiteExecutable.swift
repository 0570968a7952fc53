/// One benchmark executable of the suite and how a run samples and counts it.
public struct SuiteExecutable: Sendable, Hashable {
    /// The executable's name: its target under Benchmarks/ and the first part of every
    /// benchmark name it reports.
    public let name: String
    /// Seconds of sampling per benchmark in a full run, sized so the whole run fits in about
    /// fifteen minutes on the 2-core lab machine. A quick run takes the harness's quick budget;
    /// a limit left undecided is resampled from this budget up (`Resampling`).
    public let budget: Double
    /// With instructions: also count under this many random hash seeds (its tracked reads hash
    /// addresses in Observation's tables, so a rebuild of unchanged code moves one seed's count
    /// by up to 15 %; six a side make two unchanged builds' seed counts fall wholly apart for one
    /// row in 462). Nil: the fixed seed only.
    public let hashSeeds: Int?
    /// With instructions: count under this many heap layouts instead of the harness's three.
    /// Nil: the harness's preset.
    public let heapLayouts: Int?

    /// An executable of the suite.
    public init(_ name: String, budget: Double, hashSeeds: Int? = nil, heapLayouts: Int? = nil) {
        self.name = name
        self.budget = budget
        self.hashSeeds = hashSeeds
        self.heapLayouts = heapLayouts
    }
}
