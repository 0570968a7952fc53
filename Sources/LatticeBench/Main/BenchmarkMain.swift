import Foundation

/// The entry point of a benchmark executable: `main.swift` declares its benchmarks and calls
/// `BenchmarkMain.run(benchmarks)`, which reads the command line (see
/// `BenchmarkCommandLine.usage`), measures, writes the results and exits.
///
/// Exit statuses (`ExitStatus`): 0 when every selected benchmark ran, or when `--list`
/// printed the selection (empty or not); 1 when the arguments are bad (with usage), no
/// benchmark matches the filter, the benchmarks are declared wrongly (empty or duplicate
/// names), or a benchmark or writing the results failed (the other benchmarks are still measured and
/// reported). A script that runs with `--filter` lists first: "nothing matches" is then an
/// empty list, never a failed run.
public enum BenchmarkMain {
    /// Runs `benchmarks` as `arguments` (the process's, executable first) say, then exits.
    /// `passedEnvironment` names the environment variables the benchmarks read to build
    /// themselves: `--instructions` re-runs the executable under callgrind in an environment
    /// of its own (the same on every machine), and passes on only these, when set.
    @MainActor
    public static func run(_ benchmarks: [Benchmark], arguments: [String] = CommandLine.arguments,
                           passedEnvironment: [String] = []) -> Never {
        exit(execute(benchmarks, arguments: arguments, passedEnvironment: passedEnvironment, isolating: true).rawValue)
    }

    /// Everything `run` does except exiting; returns the exit status. `isolating` measures each
    /// group of benchmarks in a process of its own (`GroupProcess`), this executable started
    /// again; off, everything runs in this process (what a test calling this wants).
    @MainActor
    static func execute(_ benchmarks: [Benchmark], arguments: [String], passedEnvironment: [String] = [],
                        isolating: Bool = false) -> ExitStatus {
        let machine = Machine.current()
        let executable = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "benchmark"
        let command: BenchmarkCommandLine
        do {
            command = try BenchmarkCommandLine.parse(Array(arguments.dropFirst()))
        } catch {
            printError("\(executable): \(error)\n\n" + BenchmarkCommandLine.usage(executable: executable))
            return .couldNotRun
        }
        if command.help {
            print(BenchmarkCommandLine.usage(executable: executable), terminator: "")
            return .ok
        }
        if let problem = declarationProblem(benchmarks) {
            printError("\(executable): \(problem)\n")
            return .couldNotRun
        }
        let selected = selection(of: benchmarks, executable: executable, filter: command.filter)
        if command.list {
            listed(selected, mode: command.mode).forEach { print($0) }
            return .ok
        }
        guard !selected.isEmpty else {
            printError("\(executable): no benchmark matches '\(command.filter ?? "")'\n")
            return .couldNotRun
        }
        let settings = settings(for: command)
        var session = BenchmarkSession(executable: executable, command: command, settings: settings,
                                       progress: Progress(), passedEnvironment: passedEnvironment)
        if isolating && command.measureGroup == nil {
            session.launchGroup = { GroupProcess.measure(group: $0, of: command) }
        }
        if command.callgrindChild || InstructionCounter.isRunningUnderValgrind {
            return session.markInstructionRegions(selected)
        }
        switch command.mode {
        case .measure:
            return session.write(session.measure(selected), machine: machine)
        case .instructions:
            return session.write(session.countInstructions(selected), machine: machine)
        case .profile:
            return session.profile(selected)
        }
    }

    /// The benchmarks `filter` selects (all without one), named `executable/name`.
    static func selection(of benchmarks: [Benchmark], executable: String, filter: String?) -> BenchmarkSession.Selection {
        let filter = filter.map(NameFilter.init(pattern:))
        return benchmarks.map { (name: "\(executable)/\($0.name)", benchmark: $0) }
            .filter { filter?.matches($0.name) ?? true }
    }

    /// What `--list` prints: the names of the selected benchmarks a run in `mode` reports.
    static func listed(_ selected: BenchmarkSession.Selection, mode: RunConfiguration.Mode) -> [String] {
        selected.filter { $0.benchmark.reports(in: mode) }.map(\.name)
    }

    /// The preset the command line chose, with its overrides.
    static func settings(for command: BenchmarkCommandLine) -> MeasurementSettings {
        var settings: MeasurementSettings = command.quick ? .quick : .standard
        if let samples = command.samples {
            settings.maxSamples = samples
            settings.minimumSamples = min(settings.minimumSamples, samples)
        }
        if let seconds = command.timeBudgetSeconds {
            settings.timeBudgetNanoseconds = UInt64(min(seconds * 1e9, Double(UInt64.max / 2)))
        }
        return settings
    }

    /// Why the declared benchmarks cannot run: an empty name (or `-`, which names the
    /// instruction baseline), a line break in a name, or a name used twice.
    static func declarationProblem(_ benchmarks: [Benchmark]) -> String? {
        var seen: Set<String> = []
        for benchmark in benchmarks {
            if benchmark.name.isEmpty || benchmark.name == "-" {
                return "a benchmark has no name ('\(benchmark.name)')"
            }
            if benchmark.name.contains(where: \.isNewline) {
                return "benchmark name '\(benchmark.name)' contains a line break"
            }
            if !seen.insert(benchmark.name).inserted {
                return "two benchmarks are named '\(benchmark.name)'"
            }
        }
        return nil
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
