/// How a run was configured, recorded in the results so figures can be judged in context.
/// Every field is optional: nil means not set or not known (and, in a merged file, that the
/// merged runs disagreed).
public struct RunConfiguration: Codable, Sendable, Hashable {
    /// What the run collected.
    public enum Mode: String, Codable, Sendable, Hashable {
        /// Clocks and allocation counters.
        case measure
        /// Instruction counts under callgrind.
        case instructions
        /// SIGPROF stack sampling for folded stacks and a flamegraph.
        case profile
    }

    /// Whether this was a short, lower-confidence run (`--quick`).
    public var quick: Bool?
    /// Warm-up duration before sampling, nanoseconds.
    public var warmUpNanoseconds: Double?
    /// Most samples taken per benchmark.
    public var maxSamples: Int?
    /// Measuring time budget per benchmark, nanoseconds.
    public var timeBudgetNanoseconds: Double?
    /// The `--filter` pattern that selected the benchmarks, if any.
    public var filter: String?
    /// What the run collected.
    public var mode: Mode?
    /// Harness/clock overhead per sample measured at the start of the run, nanoseconds.
    public var harnessOverheadNanoseconds: Double?

    /// Creates a configuration; leave unknown fields nil.
    public init(quick: Bool? = nil, warmUpNanoseconds: Double? = nil, maxSamples: Int? = nil,
                timeBudgetNanoseconds: Double? = nil, filter: String? = nil, mode: Mode? = nil,
                harnessOverheadNanoseconds: Double? = nil) {
        self.quick = quick
        self.warmUpNanoseconds = warmUpNanoseconds
        self.maxSamples = maxSamples
        self.timeBudgetNanoseconds = timeBudgetNanoseconds
        self.filter = filter
        self.mode = mode
        self.harnessOverheadNanoseconds = harnessOverheadNanoseconds
    }
}
