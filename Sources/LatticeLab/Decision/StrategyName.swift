/// The phase strategies the suite measures, by the names the benchmarks carry, and the
/// order reports list them in.
enum StrategyName {
    /// The phase stored and settled after each commit: today's runtime, the baseline.
    static let stored = "stored"
    /// The phase derived when read: the decision record's candidate.
    static let derived = "derived"
    /// The verdict settled at the commit and kept on the root.
    static let rootVerdict = "rootVerdict"

    /// Known strategies first in this order, then any other name alphabetically.
    /// - Complexity: O(n log n).
    static func ordered(_ names: some Sequence<String>) -> [String] {
        let known = [stored, derived, rootVerdict]
        let unique = Set(names)
        return known.filter(unique.contains) + unique.subtracting(known).sorted()
    }
}
