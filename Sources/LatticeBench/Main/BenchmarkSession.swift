import Foundation

/// One run of a benchmark executable, after its command line is parsed: runs the selected
/// benchmarks in the chosen mode and writes their results.
@MainActor
struct BenchmarkSession {
    /// Selected benchmarks with their result names (`Executable/name`).
    typealias Selection = [(name: String, benchmark: Benchmark)]

    /// Results of a mode, before they are written.
    struct Measured {
        var results: [BenchmarkResult] = []
        var configuration: RunConfiguration
        /// Whether something could not be measured (the exit status is then 1).
        var failed = false
    }

    let executable: String
    let command: BenchmarkCommandLine
    let settings: MeasurementSettings
    let progress: Progress
    /// The environment variables the callgrind child is given from this process (`BenchmarkMain.run`).
    var passedEnvironment: [String] = []

    /// Measures a group in a process of its own and returns what that process left
    /// (`GroupProcess.measure`); nil measures every group in this process, as a group's child
    /// itself does.
    var launchGroup: ((Int) -> GroupProcess.Outcome)?

    /// Default mode: times, allocations and custom counts of each benchmark. More than one group
    /// with `launchGroup` set: each group in a process of its own (`GroupProcess`); the child of
    /// one (`--measure-group N`): that group alone; otherwise all of them here, in turn.
    func measure(_ selected: Selection) -> Measured {
        let groups = Self.groups(selected, interleaving: command.interleave)
        if let index = command.measureGroup {
            guard groups.indices.contains(index) else {
                var measured = Measured(configuration: configuration(mode: .measure))
                fail("no group \(index) among the \(groups.count) selected", &measured)
                return measured
            }
            return measureHere([groups[index]], reporting: false)
        }
        if let launchGroup, groups.count > 1 {
            return measureApart(groups, launch: launchGroup, total: selected.count)
        }
        return measureHere(groups, reporting: true)
    }

    /// Each of `groups` measured by `launch` in a process of its own, the results in group order;
    /// a group whose process failed is named and the others still measured. Each benchmark keeps
    /// the harness overhead its process measured; the run's is their median.
    private func measureApart(_ groups: [Selection], launch: (Int) -> GroupProcess.Outcome,
                              total: Int) -> Measured {
        var measured = Measured(configuration: configuration(mode: .measure))
        var overheads: [Double] = []
        var done = 0
        for (index, group) in groups.enumerated() {
            progress.update(group[0].name, "starting its process")
            let outcome = launch(index)
            let reported = outcome.results?.benchmarksCarryingOverhead ?? []
            if let overhead = outcome.results?.configuration.harnessOverheadNanoseconds { overheads.append(overhead) }
            for item in group {
                done += 1
                let position = Self.position(done, of: total, item.name, inGroupOf: group.count)
                guard let result = reported.first(where: { $0.name == item.name }) else {
                    if outcome.failure == nil { progress.line(position + ": nothing to measure in this mode") }
                    continue
                }
                measured.results.append(result)
                progress.line(position + Self.warnings(result))
            }
            if let failure = outcome.failure {
                fail("\(group.map(\.name).joined(separator: ", ")): \(failure)", &measured)
            }
        }
        measured.configuration.harnessOverheadNanoseconds = overheads.isEmpty ? nil
            : overheads.sorted()[overheads.count / 2]
        return measured
    }

    /// `groups` measured in this process, in turn; `reporting` prints the harness overhead and
    /// a line a benchmark (a group's child leaves that to its parent).
    private func measureHere(_ groups: [Selection], reporting: Bool) -> Measured {
        var measured = Measured(configuration: configuration(mode: .measure))
        progress.update(executable, "measuring the harness overhead")
        var overheads: [BenchmarkInstance.CallPath: HarnessOverhead] = [:]
        do {
            for path in BenchmarkInstance.CallPath.allCases {
                overheads[path] = try HarnessOverhead.measure(
                    minimumSampleNanoseconds: settings.minimumSampleNanoseconds, callPath: path)
            }
        } catch {
            fail("cannot measure the harness overhead: \(error)", &measured)
            return measured
        }
        if let overhead = overheads[.withState] {
            measured.configuration.harnessOverheadNanoseconds = overhead.wallRegionNanoseconds
        }
        if reporting {
            progress.line("\(executable): harness overhead per sample (clock reads): "
                          + overheads.sorted { $0.key.rawValue < $1.key.rawValue }.map { path, overhead in
                              String(format: "%@ %.1f ns + %.2f ns per operation", path.rawValue,
                                     overhead.wallRegionNanoseconds, overhead.wallIterationNanoseconds)
                          }.joined(separator: "; "))
        }
        let counter: Result<AllocationCounter, AllocationCounterError>
        do throws(AllocationCounterError) {
            counter = .success(try AllocationCounter())
        } catch {
            counter = .failure(error)
        }
        let runner = Runner(settings: settings, overheads: overheads, allocationCounter: counter,
                            progress: progress)
        let total = groups.map(\.count).reduce(0, +)
        var done = 0
        for group in groups {
            do {
                let results = try runner.measure(group)
                for result in results {
                    done += 1
                    let position = Self.position(done, of: total, result.name, inGroupOf: group.count)
                    guard !result.metrics.isEmpty else {
                        if reporting { progress.line(position + ": nothing to measure in this mode") }
                        continue
                    }
                    measured.results.append(result)
                    if reporting { progress.line(position + Self.warnings(result)) }
                }
            } catch {
                done += group.count
                fail("\(group.map(\.name).joined(separator: ", ")): \(error)", &measured)
            }
        }
        return measured
    }

    /// The progress line of a measured benchmark: `[3/14] RecordPage/check`.
    private static func position(_ done: Int, of total: Int, _ name: String, inGroupOf size: Int) -> String {
        "[\(done)/\(total)] \(name)" + (size > 1 ? " (in turn with \(size - 1) more)" : "")
    }

    /// A result's warnings, a line each, to follow its progress line.
    private static func warnings(_ result: BenchmarkResult) -> String {
        result.warnings.map { "\n  warning: \($0)" }.joined()
    }

    /// `selected` in the groups it is measured in: one benchmark each, but for those `patterns`
    /// select, which are measured together (`--interleave`; patterns that select a common
    /// benchmark make one group). A group stands where its first benchmark stood.
    /// - Complexity: O(patterns · selected²).
    static func groups(_ selected: Selection, interleaving patterns: [String]) -> [Selection] {
        var groupOf = Array(selected.indices)
        for pattern in patterns.map(NameFilter.init(pattern:)) {
            let matched = selected.indices.filter { pattern.matches(selected[$0].name) }
            guard let first = matched.first else { continue }
            let merged = Set(matched.map { groupOf[$0] })
            let target = groupOf[first]
            for index in groupOf.indices where merged.contains(groupOf[index]) { groupOf[index] = target }
        }
        var order: [Int] = []
        var members: [Int: Selection] = [:]
        for (index, item) in selected.enumerated() {
            let group = groupOf[index]
            if members[group] == nil { order.append(group) }
            members[group, default: []].append(item)
        }
        return order.compactMap { members[$0] }
    }

    /// `--instructions`: runs this executable under callgrind and collects the counts of the
    /// benchmarks that want `.instructions`; with `--hash-seeds N`, N more children count them
    /// under random hash seeds, one heap layout each (`MetricResult.seedSamples`).
    func countInstructions(_ selected: Selection) -> Measured {
        var measured = Measured(configuration: configuration(mode: .instructions))
        let wanted = selected.filter { $0.benchmark.reports(in: .instructions) }
        var arguments: [String] = command.quick ? ["--quick"] : []
        if let filter = command.filter { arguments += ["--filter", filter] }
        progress.line("\(executable): counting instructions under callgrind (\(wanted.count) benchmarks)")
        let counted: CallgrindLauncher.Counts
        var seeds: [String: [Double]] = [:]
        do {
            let layouts = command.heapLayouts.map { [CallgrindLauncher.layoutsFlag, String($0)] } ?? []
            counted = try CallgrindLauncher.countInstructions(arguments: arguments + layouts,
                                                              passedEnvironment: passedEnvironment)
            for seed in 0..<command.hashSeeds {
                progress.line("\(executable): counting under a random hash seed (\(seed + 1) of \(command.hashSeeds))")
                let seeded = try CallgrindLauncher.countInstructions(
                    arguments: arguments + [CallgrindLauncher.layoutsFlag, "1"], deterministicHashing: false,
                    passedEnvironment: passedEnvironment)
                for (name, layouts) in seeded.instructions { seeds[name, default: []] += layouts }
            }
        } catch {
            fail("\(executable): \(error)", &measured)
            return measured
        }
        for item in wanted {
            let name = item.benchmark.name
            guard let layouts = counted.instructions[name], !layouts.isEmpty else {
                fail("\(item.name): callgrind reported no count", &measured)
                continue
            }
            let seedSamples = seeds[name]
            guard command.hashSeeds == 0 || seedSamples?.count == command.hashSeeds else {
                fail("\(item.name): callgrind reported \(seedSamples?.count ?? 0) of \(command.hashSeeds) hash-seed counts",
                     &measured)
                continue
            }
            do {
                var metric = try MetricResult(metric: .instructions, samples: layouts,
                                              functions: counted.functions[name]?.functions,
                                              functionsOmittedBelow: counted.functions[name]?.omittedBelow)
                metric.seedSamples = seedSamples
                metric.allocationSites = counted.allocationSites[name] ?? []
                // Counted in layout 0 alone: the calls an operation makes do not move with the heap.
                let references = counted.referenceCounts[name] ?? [:]
                let referenceMetrics = try [Metric.retains, .releases].map { counting in
                    try MetricResult(metric: counting, samples: [references[counting.name] ?? 0])
                }
                measured.results.append(BenchmarkResult(name: item.name, metrics: [metric] + referenceMetrics,
                                                       iterationsPerSample: settings.instructionIterations))
            } catch {
                fail("\(item.name): \(error)", &measured)
            }
        }
        return measured
    }

    /// Under valgrind (the `--instructions` child, or a person running callgrind by hand):
    /// mark the instruction regions and report nothing.
    func markInstructionRegions(_ selected: Selection) -> ExitStatus {
        if !command.callgrindChild {
            progress.line("\(executable): under valgrind, marking one callgrind dump per region "
                          + "(labels 'lattice-bench <operations> <call path> <name>'; read with callgrind_annotate)")
        }
        let wanted = selected.map(\.benchmark).filter { $0.reports(in: .instructions) }
        do {
            try InstructionCounter.markRegions(wanted, iterations: settings.instructionIterations,
                                               layouts: command.callgrindLayouts ?? settings.instructionLayouts,
                                               progress: progress)
            return .ok
        } catch {
            BenchmarkMain.printError("\(executable): \(error)\n")
            return .couldNotRun
        }
    }

    /// `--profile`: folded stacks and a flamegraph per benchmark; prints the files written.
    func profile(_ selected: Selection) -> ExitStatus {
        let directory = URL(fileURLWithPath: command.output ?? ProfilingSession.defaultDirectory)
        let profiling = ProfilingSession(settings: settings, directory: directory, progress: progress)
        var status = ExitStatus.ok
        for item in selected {
            do {
                let files = try profiling.profile(item.benchmark, resultName: item.name)
                progress.clearStatus()
                files.forEach { print($0.path) }
            } catch {
                progress.line("\(item.name): \(error)")
                status = .couldNotRun
            }
        }
        return status
    }

    /// Writes the results of `measured` in the chosen format, to `--output` or standard output.
    func write(_ measured: Measured, machine: Machine) -> ExitStatus {
        let file = ResultsFile(machine: machine, toolchain: Toolchain.reported(),
                               revision: SourceRevision.current(in: URL(fileURLWithPath: ".")),
                               configuration: measured.configuration, benchmarks: measured.results)
        progress.clearStatus()
        do {
            let colour = command.output == nil && isatty(STDOUT_FILENO) == 1
            let text = try command.format.render(file, colour: colour)
            if let output = command.output {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } else {
                print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        } catch {
            BenchmarkMain.printError("\(executable): cannot write the results: \(error)\n")
            return .couldNotRun
        }
        return measured.failed ? .couldNotRun : .ok
    }

    private func configuration(mode: RunConfiguration.Mode) -> RunConfiguration {
        RunConfiguration(quick: settings.quick, warmUpNanoseconds: Double(settings.warmUpNanoseconds),
                         maxSamples: settings.maxSamples,
                         timeBudgetNanoseconds: Double(settings.timeBudgetNanoseconds),
                         filter: command.filter, mode: mode)
    }

    private func fail(_ message: String, _ measured: inout Measured) {
        progress.line("error: " + message)
        measured.failed = true
    }
}
