/// The phase strategies the suite measures, by the names the benchmarks carry (their order,
/// roles and colours: `LatticeSuite.strategies`).
enum StrategyName {
    /// The phase stored and settled after each commit: today's runtime, the baseline.
    static let stored = "stored"
    /// The phase derived when read: the decision record's candidate.
    static let derived = "derived"
    /// The verdict settled at the commit and kept on the root.
    static let rootVerdict = "rootVerdict"
}
