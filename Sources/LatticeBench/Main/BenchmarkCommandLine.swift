/// The options of a benchmark executable, parsed from its arguments.
///
/// `--option value` and `--option=value` are both accepted. See `usage` for the options.
public struct BenchmarkCommandLine: Equatable, Sendable {
    /// `--help`: print usage and exit 0.
    public var help = false
    /// `--list`: print the names of the benchmarks the run would report (selected by
    /// `--filter`, in the chosen mode), one a line, and exit 0, even when there are none.
    public var list = false
    /// `--quick`: a short, lower-confidence run, marked quick in the results.
    public var quick = false
    /// `--filter`: run only benchmarks whose result name contains this text or, when it has
    /// `*`, `?` or `[`, matches it as a glob.
    public var filter: String?
    /// `--interleave PATTERN`, once per group: the benchmarks a pattern selects (as `--filter`
    /// does) are measured together, their timing samples taken in turn (`Runner`); groups that
    /// share a benchmark are one group.
    public var interleave: [String] = []
    /// `--format`: the output format (default terminal); `github` is short for
    /// `github-action-benchmark`.
    public var format: OutputFormat = .terminal
    /// `--output`: where the results go instead of standard output; in profile mode, the
    /// folder for the profiles.
    public var output: String?
    /// `--instructions` or `--profile`; default `measure`.
    public var mode: RunConfiguration.Mode = .measure
    /// `--samples N`: most timing samples per benchmark (N ≥ 1).
    public var samples: Int?
    /// `--time-budget SECONDS`: sampling time per benchmark (> 0).
    public var timeBudgetSeconds: Double?
    /// `--heap-layouts N`: with `--instructions`, count every benchmark under N heap layouts
    /// (`HeapLayout`) instead of the preset's three.
    public var heapLayouts: Int?
    /// `--hash-seeds N`: with `--instructions`, also count every benchmark in N more
    /// processes under random hash seeds, one heap layout each (`MetricResult.seedSamples`).
    public var hashSeeds = 0
    /// The internal `--callgrind-child` flag: this process is the child a `--instructions` run
    /// started under callgrind.
    var callgrindChild = false
    /// The internal `--callgrind-layouts N` flag of a child: count under N heap layouts
    /// instead of the preset's (a hash-seed child counts under one).
    var callgrindLayouts: Int?
    /// The internal `--measure-group N` flag: this process is the child a measuring run started
    /// for its `N`th group of benchmarks (`GroupProcess`), and measures that group alone.
    var measureGroup: Int?

    /// Defaults: measure every benchmark, a terminal table on standard output.
    public init() {}

    /// Parses `arguments` (without the executable's path).
    /// - Throws: `CommandLineError` for an unknown option, a missing or invalid value, a
    ///   stray argument, or both modes at once.
    /// - Complexity: O(arguments).
    public static func parse(_ arguments: [String]) throws(CommandLineError) -> BenchmarkCommandLine {
        var result = BenchmarkCommandLine()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") || argument == "-h" else { throw .unexpectedArgument(argument) }
            var option = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                option = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(CommandLineError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw .missingValue(option: option) }
                return next
            }
            /// The value, converted by `parse`; nil from `parse` means invalid.
            func value<Value>(_ expected: String, _ parse: (String) -> Value?) throws(CommandLineError) -> Value {
                let text = try value()
                guard let parsed = parse(text) else {
                    throw .invalidValue(option: option, value: text, expected: expected)
                }
                return parsed
            }
            func flag() throws(CommandLineError) {
                if inlineValue != nil { throw .unexpectedValue(option: option) }
            }
            switch option {
            case "--help", "-h":
                try flag()
                result.help = true
            case "--quick":
                try flag()
                result.quick = true
            case "--list":
                try flag()
                result.list = true
            case "--instructions", "--profile":
                try flag()
                let mode: RunConfiguration.Mode = option == "--profile" ? .profile : .instructions
                if result.mode != .measure && result.mode != mode {
                    throw .conflictingOptions("--instructions", "--profile")
                }
                result.mode = mode
            case CallgrindLauncher.childFlag:
                try flag()
                result.callgrindChild = true
            case CallgrindLauncher.layoutsFlag:
                result.callgrindLayouts = try value("a whole number ≥ 1") { text -> Int? in
                    Int(text).flatMap { $0 >= 1 ? $0 : nil }
                }
            case GroupProcess.childFlag:
                result.measureGroup = try value("a whole number ≥ 0") { text -> Int? in
                    Int(text).flatMap { $0 >= 0 ? $0 : nil }
                }
            case "--heap-layouts":
                result.heapLayouts = try value("a whole number ≥ 1") { text -> Int? in
                    Int(text).flatMap { $0 >= 1 ? $0 : nil }
                }
            case "--hash-seeds":
                result.hashSeeds = try value("a whole number ≥ 0") { text -> Int? in
                    Int(text).flatMap { $0 >= 0 ? $0 : nil }
                }
            case "--filter":
                result.filter = try value("a non-empty pattern") { text -> String? in text.isEmpty ? nil : text }
            case "--interleave":
                result.interleave.append(try value("a non-empty pattern") { text -> String? in text.isEmpty ? nil : text })
            case "--format":
                let names = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                result.format = try value(names) { name -> OutputFormat? in
                    name == "github" ? .githubActionBenchmark : OutputFormat(rawValue: name)
                }
            case "--output":
                result.output = try value("a path") { text -> String? in text.isEmpty ? nil : text }
            case "--samples":
                result.samples = try value("a whole number ≥ 1") { text -> Int? in
                    Int(text).flatMap { $0 >= 1 ? $0 : nil }
                }
            case "--time-budget":
                result.timeBudgetSeconds = try value("seconds > 0") { text -> Double? in
                    Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
                }
            default:
                throw .unknownOption(option)
            }
        }
        if result.hashSeeds > 0 && result.mode != .instructions {
            throw .optionNeedsMode(option: "--hash-seeds", mode: "--instructions")
        }
        if !result.interleave.isEmpty && result.mode != .measure {
            throw .optionNeedsMode(option: "--interleave", mode: "the default (measure)")
        }
        if result.measureGroup != nil && result.mode != .measure {
            throw .optionNeedsMode(option: GroupProcess.childFlag, mode: "the default (measure)")
        }
        if result.heapLayouts != nil && result.mode != .instructions {
            throw .optionNeedsMode(option: "--heap-layouts", mode: "--instructions")
        }
        return result
    }

    /// The arguments that make a child of this run measure its group `index` alone and write
    /// its results as JSON to `output`: the options that select and sample, none that say
    /// where or how this run reports.
    func childArguments(group index: Int, output: String) -> [String] {
        var arguments = quick ? ["--quick"] : []
        if let filter { arguments += ["--filter", filter] }
        arguments += interleave.flatMap { ["--interleave", $0] }
        if let samples { arguments += ["--samples", String(samples)] }
        if let timeBudgetSeconds { arguments += ["--time-budget", String(timeBudgetSeconds)] }
        return arguments + [GroupProcess.childFlag, String(index), "--format", OutputFormat.json.rawValue,
                            "--output", output]
    }

    /// The help text.
    public static func usage(executable: String) -> String {
        """
        usage: \(executable) [options]

        Runs this executable's benchmarks and reports per-operation figures.

        modes (one at most):
          (default)               wall and CPU time, mallocs, bytes allocated, bytes read and
                                  written, the resident peak, custom counts
          --instructions          instructions, retains and releases per operation and the
                                  allocation sites, counted under valgrind's callgrind
          --profile               sample stacks (SIGPROF, 1 kHz of CPU time); write folded stacks
                                  and an SVG flamegraph per benchmark

        options:
          --heap-layouts N        with --instructions: count each benchmark under N heap layouts
                                  (default 3)
          --hash-seeds N          with --instructions: also count each benchmark in N more
                                  processes under random hash seeds (one heap layout each), the
                                  spread that hashing of addresses causes (default 0)
          --filter PATTERN        only benchmarks whose name contains PATTERN, or matches it as a
                                  glob when it has *, ? or [ (names are Executable/benchmark);
                                  A|B selects what A or B selects
          --interleave PATTERN    measure the benchmarks PATTERN selects (as --filter does)
                                  together, their timing samples taken in turn, so that the
                                  machine's load falls on all of them alike; repeatable, one
                                  group each (groups sharing a benchmark are one)
          --quick                 a short run (fewer samples), marked quick in the results
          --samples N             at most N timing samples per benchmark (default 1000, quick 50)
          --time-budget SECONDS   sampling (or profiling) time per benchmark (default 2, quick 0.2)
          --format FORMAT         terminal (default), markdown, json, bencher,
                                  github-action-benchmark (or github)
          --output PATH           write the results to PATH (atomically) instead of standard output;
                                  with --profile, the folder for profiles
                                  (default .build/lattice-bench/profiles)
          --list                  print the names of the benchmarks the run would report (those
                                  --filter selects that the mode measures), one a line, run
                                  nothing; exit 0 even when none is selected
          -h, --help              show this help

        exit status: 0 all good, 1 could not run (bad arguments, no benchmark matches --filter,
        a benchmark failed)

        """
    }
}

/// Why a benchmark executable's arguments were rejected (exit status 1, with usage).
public enum CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An option this executable does not know.
    case unknownOption(String)
    /// An option that needs a value came last.
    case missingValue(option: String)
    /// A flag was given a value (`--quick=yes`).
    case unexpectedValue(option: String)
    /// A value the option cannot take, with what it expects.
    case invalidValue(option: String, value: String, expected: String)
    /// An argument that is not an option.
    case unexpectedArgument(String)
    /// Two options that exclude each other.
    case conflictingOptions(String, String)
    /// An option that means something only in a mode that was not chosen.
    case optionNeedsMode(option: String, mode: String)

    public var description: String {
        switch self {
        case .unknownOption(let option): "unknown option '\(option)'"
        case .missingValue(let option): "option '\(option)' needs a value"
        case .unexpectedValue(let option): "option '\(option)' takes no value"
        case .invalidValue(let option, let value, let expected):
            "option '\(option)': '\(value)' is not valid (expected \(expected))"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        case .conflictingOptions(let first, let second): "'\(first)' and '\(second)' cannot be combined"
        case .optionNeedsMode(let option, let mode): "'\(option)' needs '\(mode)'"
        }
    }
}
