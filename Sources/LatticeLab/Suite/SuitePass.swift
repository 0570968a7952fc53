import LatticeBench

/// What one pass over the suite's executables measures and how long it samples.
public struct SuitePass: Sendable, Hashable {
    /// What the executables do.
    public enum Mode: String, Sendable, Hashable {
        /// Time, allocations and counts (the harness's default).
        case measure
        /// Instructions under callgrind (`--instructions`).
        case instructions
        /// Stacks sampled into folded stacks and flamegraphs (`--profile`).
        case profile
    }

    /// What the executables do.
    public var mode: Mode
    /// A short run (`--quick`), unless `budgets` names the executable.
    public var quick: Bool
    /// The benchmarks to run (the harness's `--filter`), nil for all.
    public var filter: String?
    /// Seconds of sampling per benchmark for the executables named; an executable named here
    /// samples up to 1,000 times in that budget, quick or not. The others sample the quick
    /// budget, or their full one (`SuiteExecutable.budget`) when the pass is not quick.
    public var budgets: [String: Double]
    /// Whether the figures will be judged against limits only, never against a baseline or
    /// another commit (another app's spec folder): instructions are then counted under one heap
    /// layout and the fixed hash seed, since the layouts' and seeds' spread is what a comparison
    /// needs and a limit of a ratio of medians does not.
    public var limitsOnly: Bool
    /// Name patterns of benchmarks a measuring pass takes its samples of in turn, one group each
    /// (`LabLimits.ratioSides`; the harness's `--interleave`).
    public var interleave: [String]

    /// A pass.
    public init(mode: Mode, quick: Bool, filter: String? = nil, budgets: [String: Double] = [:],
                limitsOnly: Bool = false, interleave: [String] = []) {
        self.mode = mode
        self.quick = quick
        self.filter = filter
        self.budgets = budgets
        self.limitsOnly = limitsOnly
        self.interleave = interleave
    }

    /// The harness's options that select what the pass runs (the listing's too).
    var selection: [String] {
        (mode == .measure ? [] : ["--\(mode.rawValue)"]) + (filter.map { ["--filter", $0] } ?? [])
    }

    /// The options that set how `executable` samples and counts.
    func sampling(_ executable: SuiteExecutable) -> [String] {
        var options: [String] = []
        if mode == .instructions && limitsOnly {
            options += ["--heap-layouts", "1"]
        } else if mode == .instructions {
            if let seeds = executable.hashSeeds { options += ["--hash-seeds", "\(seeds)"] }
            if let layouts = executable.heapLayouts { options += ["--heap-layouts", "\(layouts)"] }
        }
        if mode == .measure {
            options += interleave.flatMap { ["--interleave", $0] }
        }
        if let budget = budgets[executable.name] {
            options += ["--time-budget", "\(budget)", "--samples", "1000"]
        } else if quick {
            options.append("--quick")
        } else {
            options += ["--time-budget", "\(executable.budget)"]
        }
        return options
    }
}
