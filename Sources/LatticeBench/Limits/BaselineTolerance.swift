/// How far an exact figure (instructions, allocations, counts) of the benchmarks a pattern
/// selects may move from the committed baseline before the baseline check fails: one entry of
/// `baseline` in `spec/limits.json`, with the reason for its bound.
///
/// ```json
/// { "benchmarks": "PhaseRead/*/untracked", "tolerance": 0,
///   "why": "the hot read: any instruction it gains is paid on every frame" }
/// ```
public struct BaselineTolerance: Codable, Sendable, Hashable {
    /// A benchmark name, or a glob with `*` (any run of characters, `/` included), `?` and
    /// `[...]` matched against the whole name.
    public var benchmarks: String
    /// The relative change allowed: 0 tolerates nothing, 0.01 one percent. The spread the
    /// heap layouts show and the exact floor are always allowed (see `Comparison`).
    public var tolerance: Double
    /// Why this bound, in one sentence, for the reports.
    public var why: String

    /// Creates a tolerance.
    public init(benchmarks: String, tolerance: Double, why: String) {
        self.benchmarks = benchmarks
        self.tolerance = tolerance
        self.why = why
    }

    /// Whether the pattern selects `name`. - Complexity: O(name × pattern) at worst.
    public func selects(_ name: String) -> Bool {
        benchmarks.contains(where: { "*?[".contains($0) }) ? NameFilter(pattern: benchmarks).matches(name)
            : benchmarks == name
    }
}
