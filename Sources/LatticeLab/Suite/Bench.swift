import Foundation
import LatticeBench
import Synchronization

/// `lattice bench`: the lab's one command. It runs the suite's executables (failing closed),
/// resamples what its limits need, counts instructions, profiles the flamegraph's benchmark,
/// merges, writes the report, and gates, checks, rewrites the baseline or compares two commits.
/// `scripts/bench.sh` only builds in release (and a comparison's commits) before it.
public struct Bench {
    /// What was asked.
    let request: BenchRequest
    /// The suite it runs and reports.
    let suite: any BenchmarkSuite
    /// The package root's files.
    let layout: LabLayout
    /// The folder of the built executables.
    let bin: URL
    /// The strategy the runtime ships (`PhaseStrategy.shipped`), which the lab cannot know.
    let runtimeDefault: String
    /// Progress on standard error.
    let log = BenchLog()

    /// A bench for `request` running `suite` in the package at `layout.root`.
    public init(_ request: BenchRequest, suite: any BenchmarkSuite, layout: LabLayout, bin: URL, runtimeDefault: String) {
        self.request = request
        self.suite = suite
        self.layout = layout
        self.bin = bin
        self.runtimeDefault = runtimeDefault
    }

    /// Does what the request asks; returns the exit status (`ExitStatus`: 0 done or ship, 1
    /// could not run, 2 a regression, 3 a limit of the shipped strategy not passed).
    /// - Throws: `BenchError` when it could not run.
    public func run() throws(BenchError) -> ExitStatus {
        if case .compare(let base, let head) = request.command {
            if let built = request.builtCommits { return try compare(base: built.base, head: built.head) }
            return try compare(base: try commit(base), head: try commit(head ?? "HEAD"))
        }
        let limitsPath = request.spec.map { "\($0)/limits.json" } ?? layout.limits
        let limits = try file { () throws(JSONFileError) in try LabFiles.limits(limitsPath) }
        let folder = runFolder
        let resultsPath: String
        if let given = request.results {
            resultsPath = given
        } else {
            try measure(into: folder, limits: limits)
            resultsPath = folder.appendingPathComponent("results.json").path
        }
        switch request.command {
        case .check:
            let check = try file { () throws(JSONFileError) in
                try BaselineCheck(baseline: try LabFiles.results(layout.baseline), results: try LabFiles.results(resultsPath),
                                  limits: limits.file, resultsPath: resultsPath)
            }
            check.lines.forEach { print($0) }
            log("check against \(layout.baseline): exit \(check.status.rawValue)")
            return check.status
        case .baseline:
            let changes = try file { () throws(JSONFileError) in
                try Baseline.write(try LabFiles.results(resultsPath), to: layout.baseline, accepted: layout.accepted)
            }
            for change in changes {
                print("ACCEPTED \(change.benchmark) \(change.metric): "
                      + "\(change.before.map { String($0) } ?? "new") → \(change.after.map { String($0) } ?? "removed")")
            }
            log("wrote \(layout.baseline) and \(layout.accepted): \(changes.count) changes accepted")
            return .ok
        case .run, .gate, .compare:
            break
        }
        // The report's gate is the gate: the page, the dashboard and the exit status say one thing.
        let gate = try report(resultsPath, limitsPath: limitsPath, folder: folder)
        print(gate.oneLine)
        guard request.command == .gate else { return .ok }
        gate.lines.dropFirst().forEach { print($0) }
        log("gate: exit \(gate.status.rawValue)")
        return gate.status
    }

    /// Where this run's outputs go: `check/` and `baseline/` under the lab, else `quick/`,
    /// `partial/` (a filter), `gate/` or `full/` under the lab, or under `spec-<name>/` for
    /// another spec, so two specs' runs never mix.
    var runFolder: URL {
        switch request.command {
        case .check: return layout.lab.appendingPathComponent("check")
        case .baseline: return layout.lab.appendingPathComponent("baseline")
        default: break
        }
        let runs = request.spec.map { layout.lab.appendingPathComponent("spec-\(URL(fileURLWithPath: $0).lastPathComponent)") }
            ?? layout.lab
        if request.quick { return runs.appendingPathComponent("quick") }
        if request.filter != nil { return runs.appendingPathComponent("partial") }
        return runs.appendingPathComponent(request.command == .gate ? "gate" : "full")
    }

    /// Whether this run writes the committed outputs: a full run on spec/.
    var writesCommittedOutputs: Bool {
        request.command == .run && request.spec == nil && !request.quick && request.filter == nil
    }

    /// The runner for this checkout (another spec's folder handed to the executables).
    func runner(bin: URL? = nil, checkout: URL? = nil) -> SuiteRunner {
        SuiteRunner(bin: bin ?? self.bin, checkout: checkout ?? layout.root,
                    environment: request.spec.map { ["LATTICE_SPEC": $0] } ?? [:], log: log)
    }

    /// One run of the suite at this checkout: `results.json` in `folder` (instructions joined
    /// when asked, undecided limits resampled), and `flamegraph.svg` unless the run keeps exact
    /// figures only.
    func measure(into folder: URL, limits: LabLimits) throws(BenchError) {
        for part in ["suite", "instructions", "profile", "resample", "flamegraph.svg", "results.json"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(part))
        }
        let runner = runner()
        let measured = try suiteRun { () throws(SuiteFailure) in
            try runner.run(suite.executables, SuitePass(mode: .measure, quick: request.quick, filter: request.filter,
                                                        interleave: limits.ratioSides),
                           into: folder.appendingPathComponent("suite"))
        }
        var results = try merged(measured)
        if request.command != .check && request.command != .baseline {
            results = try resample(results, limits: limits, folder: folder.appendingPathComponent("resample"))
        }
        if request.instructions {
            log("counting instructions under callgrind")
            for (_, url) in try instructionPass(runner, into: folder.appendingPathComponent("instructions")).files {
                let extra = try file { () throws(JSONFileError) in try ResultsFile.read(from: url) }
                results = try file { () throws(JSONFileError) in try results.joining(extra, from: url.path) }
            }
        }
        let out = folder.appendingPathComponent("results.json")
        try file { () throws(JSONFileError) in try results.write(to: out) }
        log("merged \(results.benchmarks.count) benchmarks into \(out.path)")
        // The baseline and its check keep exact figures only: no flamegraph.
        guard request.command != .check && request.command != .baseline else { return }
        try flamegraph(runner, into: folder)
    }

    /// The results files of a pass as one.
    func merged(_ output: SuiteRunner.Output) throws(BenchError) -> ResultsFile {
        try file { () throws(JSONFileError) in
            try ResultsFile.merged(try output.files.map { entry throws(JSONFileError) in try ResultsFile.read(from: entry.url) })
        }
    }

    /// The instruction pass. Counts do not depend on timing, so without a filter the two cores
    /// count at once, each taking the suite's next executable when it is done with one (the
    /// executables' costs under callgrind differ tenfold and change with the suite: a queue
    /// needs no estimate of them). A failure stops both at their next executable.
    func instructionPass(_ runner: SuiteRunner, into folder: URL) throws(BenchError) -> SuiteRunner.Output {
        let pass = SuitePass(mode: .instructions, quick: request.quick, filter: request.filter,
                             limitsOnly: request.spec != nil)
        guard request.filter == nil else {
            return try suiteRun { () throws(SuiteFailure) in try runner.run(suite.executables, pass, into: folder) }
        }
        let executables = suite.executables
        let next = Mutex(0)
        let take = { @Sendable (stop: Bool) -> SuiteExecutable? in
            next.withLock { index in
                guard !stop, index < executables.count else {
                    index = executables.count
                    return nil
                }
                defer { index += 1 }
                return executables[index]
            }
        }
        let outputs = try concurrently([0, 1]) { _ in
            Result { () throws(SuiteFailure) in
                var files: [(executable: String, url: URL)] = []
                while let executable = take(false) {
                    do throws(SuiteFailure) {
                        files += try runner.run([executable], pass, into: folder).files
                    } catch {
                        if case .nothingSelected = error { continue }
                        _ = take(true)
                        throw error
                    }
                }
                return files
            }
        }
        var output = SuiteRunner.Output()
        let files = outputs.flatMap { $0 }
        for executable in executables {
            output.files += files.filter { $0.executable == executable.name }
        }
        guard !output.files.isEmpty else {
            throw .suite(.nothingSelected(filter: nil, executables: executables.map(\.name)))
        }
        return output
    }

    /// Samples again, with budgets doubling from the executable's full one (a quarter of it in a
    /// quick run), the benchmarks whose limits are undecided for want of samples, and in a full
    /// run the undecided time figures too, cheapest first, within `Resampling.figureBudget` (`Resampling`).
    /// The figures are charged the wall time their rounds took (their share of each round), not
    /// the estimate that admitted them: a benchmark's setup and its process are not in its
    /// samples (run C of 2026-12-03: three rounds took 102, 104 and 91 s for estimates within
    /// the 240 s budget).
    func resample(_ first: ResultsFile, limits: LabLimits, folder: URL) throws(BenchError) -> ResultsFile {
        var results = first
        var figureSeconds = 0.0
        let clock = ContinuousClock()
        for round in 1...Resampling.rounds {
            // A quick run starts from a quarter of the full budget: most undecided figures need a
            // few hundred samples more, not a full run's.
            let scale = Double(1 << (round - 1)) * (request.quick ? 0.25 : 1)
            let budget = { (name: String) in
                (suite.executables.first { name.hasPrefix($0.name + "/") }?.budget ?? 0) * scale
            }
            var needed = Resampling.needed(limits, results)
            let judged = needed.count
            if request.command == .run && !request.quick && request.filter == nil {
                let figures = Resampling.undecidedFigures(results, besides: needed).map { figure in
                    (figure, cost: Resampling.cost(of: figure.name, in: results, budget: budget(figure.name)))
                }
                var planned = figureSeconds
                for (figure, cost) in figures.sorted(by: { ($0.cost, $0.0.name) < ($1.cost, $1.0.name) })
                where planned + cost <= Resampling.figureBudget {
                    needed.append(figure)
                    planned += cost
                }
            }
            guard !needed.isEmpty else { return results }
            let names = needed.map(\.name)
            let executables = suite.executables.filter { executable in
                names.contains { $0.hasPrefix(executable.name + "/") }
            }
            log("resampling, round \(round)/\(Resampling.rounds): \(judged) benchmark(s) an undecided limit judges"
                + (needed.count > judged ? ", \(needed.count - judged) undecided time figure(s)" : "") + ": "
                + names.joined(separator: " "), timed: false)
            let pass = SuitePass(mode: .measure, quick: false, filter: names.joined(separator: "|"),
                                 budgets: Dictionary(uniqueKeysWithValues: executables.map { ($0.name, $0.budget * scale) }),
                                 interleave: limits.ratioSides)
            let started = clock.now
            let output = try suiteRun { () throws(SuiteFailure) in
                try runner().run(executables, pass, into: folder.appendingPathComponent("round\(round)"))
            }
            let took = started.duration(to: clock.now)
            figureSeconds += Double(took.components.seconds) * Double(needed.count - judged) / Double(needed.count)
            let extra = try merged(output)
            results = try file { () throws(JSONFileError) in
                try Resampling.applying(extra, from: folder.path, to: results, needed)
            }
        }
        let left = Resampling.needed(limits, results)
        if !left.isEmpty {
            log("still undecided after \(Resampling.rounds) resamplings: " + left.map(\.name).joined(separator: " "),
                timed: false)
        }
        return results
    }

    /// The dashboard's flamegraph: the first benchmark the suite's profiled executable lists under
    /// its pattern (`BenchmarkSuite.profiled`), or with `--profile` every benchmark.
    /// Profiles fail closed like the suite: a profile that dies ran the code the suite measures.
    func flamegraph(_ runner: SuiteRunner, into folder: URL) throws(BenchError) {
        guard let profiled = suite.executable(named: suite.profiled.executable) else { return }
        let (ending, listing) = ChildProcess(executable: bin.appendingPathComponent(profiled.name),
                                             arguments: ["--list", "--filter", suite.profiled.pattern],
                                             directory: layout.root, environment: runner.environment).capture()
        guard ending.succeeded else { throw .suite(.listingFailed(executable: profiled.name, how: ending.description)) }
        guard let first = listing.split(separator: "\n").first.map(String.init) else {
            throw .other("FAILED: \(profiled.name) lists nothing under \(suite.profiled.pattern) to profile")
        }
        let profiles = folder.appendingPathComponent("profile")
        var svg = profiles.appendingPathComponent(profiled.name).appendingPathComponent(ProfileFileName.of(first) + ".svg")
        if request.profile {
            log("profiling the suite")
            let output = try suiteRun { () throws(SuiteFailure) in
                try runner.run(suite.executables, SuitePass(mode: .profile, quick: request.quick, filter: request.filter),
                               into: profiles)
            }
            // A filter may leave the limited read out: the first profile the run wrote serves.
            if !FileManager.default.fileExists(atPath: svg.path), let folder = output.files.first?.url,
               let name = try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .first(where: { $0.hasSuffix(".svg") }) {
                svg = folder.appendingPathComponent(name)
            }
        } else {
            log("profiling \(first) for the flamegraph")
            _ = try suiteRun { () throws(SuiteFailure) in
                try runner.run([profiled], SuitePass(mode: .profile, quick: true, filter: first), into: profiles)
            }
        }
        do {
            try FileManager.default.copyItem(at: svg, to: folder.appendingPathComponent("flamegraph.svg"))
        } catch {
            throw .other("FAILED: the profiles wrote no flamegraph at \(svg.path): \(error.localizedDescription)")
        }
    }

    /// BENCHMARKS.md and the dashboard, one set: for a full run on spec/ the committed ones
    /// (with the history, the results' copy and the decision recorded as `ships`), otherwise
    /// inside the run's folder. Their gate is judged against the gate's `--baseline`, or, for a
    /// run on spec/ that counted instructions, against the committed baseline (the dashboard's
    /// differential view and the page's gate then read it); it is returned.
    func report(_ results: String, limitsPath: String, folder: URL) throws(BenchError) -> ReleaseGate {
        let flamegraph = folder.appendingPathComponent("flamegraph.svg").path
        let hasFlamegraph = FileManager.default.fileExists(atPath: flamegraph)
        var paths: Report.Paths
        if writesCommittedOutputs && request.results == nil {
            paths = Report.Paths(results: results, limits: limitsPath, page: layout.benchmarksPage,
                                 dashboard: layout.dashboard, history: layout.dashboard + "/history.json",
                                 resultsCopy: layout.latestResults, recordsShips: true, root: layout.root.path)
        } else {
            paths = Report.Paths(results: results, limits: limitsPath,
                                 page: folder.appendingPathComponent("BENCHMARKS.md").path,
                                 dashboard: folder.appendingPathComponent("dashboards").path, root: layout.root.path)
        }
        if hasFlamegraph { paths.flamegraph = flamegraph }
        // The accepted changes and the committed baseline are spec/'s: another spec's report has
        // neither. A gate judges against the baseline it was given, or none.
        if request.spec == nil && FileManager.default.fileExists(atPath: layout.accepted) { paths.accepted = layout.accepted }
        if request.command == .gate {
            paths.baseline = request.baselineResults
        } else if request.spec == nil && request.instructions && FileManager.default.fileExists(atPath: layout.baseline) {
            paths.baseline = layout.baseline
        }
        let gate = try file { () throws(JSONFileError) in try Report.write(paths, suite: suite, runtimeDefault: runtimeDefault) }
        log("wrote \(paths.page) and \(paths.dashboard)/")
        return gate
    }

    /// `name` resolved to a commit by git.
    func commit(_ name: String) throws(BenchError) -> String {
        let (ending, output) = ChildProcess(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                            arguments: ["git", "rev-parse", "--verify", "--quiet", "\(name)^{commit}"],
                                            directory: layout.root, environment: [:]).capture()
        let hash = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard ending.succeeded, !hash.isEmpty else { throw .other("unknown commit \(name)") }
        return hash
    }

    /// The commits a comparison needs built (`--commits-to-build`): base and head, resolved;
    /// none for the other commands.
    public func commitsToBuild() throws(BenchError) -> [String] {
        guard case .compare(let base, let head) = request.command else { return [] }
        return [try commit(base), try commit(head ?? "HEAD")]
    }

    func file<T>(_ body: () throws(JSONFileError) -> T) throws(BenchError) -> T {
        do { return try body() } catch { throw .file(error) }
    }

    func suiteRun<T>(_ body: () throws(SuiteFailure) -> T) throws(BenchError) -> T {
        do { return try body() } catch { throw .suite(error) }
    }

    /// `body` over `inputs`, at once, one thread each; the first failure in input order is
    /// thrown.
    func concurrently<Input: Sendable, T: Sendable>(
        _ inputs: [Input], _ body: @Sendable (Input) -> Result<T, SuiteFailure>
    ) throws(BenchError) -> [T] {
        let outcomes = Mutex<[Int: Result<T, SuiteFailure>]>([:])
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            let outcome = body(inputs[index])
            outcomes.withLock { $0[index] = outcome }
        }
        let all = outcomes.withLock { $0 }
        var values: [T] = []
        for index in inputs.indices {
            switch all[index] {
            case .success(let value): values.append(value)
            case .failure(let failure): throw .suite(failure)
            case nil: throw .other("a concurrent pass did not finish")
            }
        }
        return values
    }
}
