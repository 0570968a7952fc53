import Foundation

/// What `lattice bench` was asked to do: its command and options, checked against each other
/// once, before anything runs.
public struct BenchRequest: Sendable {
    /// The command.
    public enum Command: Sendable, Equatable {
        /// Run the suite, write the results and the report, print the decision.
        case run
        /// Run (or judge `--results`), then the release gate.
        case gate
        /// A quick run with instructions, its exact figures against the committed baseline.
        case check
        /// A quick run with instructions, written as the committed baseline.
        case baseline
        /// Two commits' exact figures (and times with `--time`) compared.
        case compare(base: String, head: String?)
    }

    /// The command.
    public var command: Command = .run
    /// A short run, its outputs under `.build/lab/.../quick/`.
    public var quick = false
    /// Only the benchmarks this selects (the harness's `--filter`).
    public var filter: String?
    /// Instructions counted under callgrind too.
    public var instructions = false
    /// Every benchmark profiled too.
    public var profile = false
    /// Another app's folder laid out like spec/.
    public var spec: String?
    /// The gate's baseline results.
    public var baselineResults: String?
    /// A run already made, judged instead of running (gate, check).
    public var results: String?
    /// Compare's timed rounds (`--time`), and how many.
    public var timedRounds: Int?
    /// The folder of the release-built executables; nil: the folder of `lattice` itself.
    public var bin: String?
    /// `--executables`: list the suite and stop.
    public var listsExecutables = false
    /// `--commits-to-build`: print the commits a comparison needs built and stop.
    public var listsCommits = false
    /// `--built BASE HEAD`: the commits compare's names resolved to when they were built
    /// (`scripts/bench.sh` passes them, so a commit made during the build does not move HEAD).
    public var builtCommits: (base: String, head: String)?
    /// `--help`.
    public var help = false

    /// Why the arguments cannot be taken.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// What is wrong, in one line.
        public let description: String
    }

    /// Parses and checks `arguments` (those after `bench`).
    /// - Throws: `UsageError` naming the argument or the combination that cannot be taken.
    public static func parse(_ arguments: [String]) throws(UsageError) -> BenchRequest {
        var request = BenchRequest()
        var commandName: String?
        var positional: [String] = []
        var rounds: Int?
        var timed = false
        var remaining = arguments[...]
        func value(_ option: String, _ what: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst(), !next.isEmpty else { throw UsageError(description: "\(option) needs \(what)") }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": request.help = true
            case "--quick": request.quick = true
            case "--instructions": request.instructions = true
            case "--profile": request.profile = true
            case "--time": timed = true
            case "--executables": request.listsExecutables = true
            case "--commits-to-build": request.listsCommits = true
            case "--filter": request.filter = try value(argument, "a pattern")
            case "--baseline": request.baselineResults = try value(argument, "a file")
            case "--results": request.results = try value(argument, "a file")
            case "--spec": request.spec = try value(argument, "a folder")
            case "--bin": request.bin = try value(argument, "a folder")
            case "--built":
                request.builtCommits = (try value(argument, "BASE and HEAD commits"), try value(argument, "BASE and HEAD commits"))
            case "--rounds":
                guard let count = Int(try value(argument, "a whole number >= 1")), count >= 1 else {
                    throw UsageError(description: "--rounds needs a whole number >= 1")
                }
                rounds = count
            case "gate", "compare", "check", "baseline":
                if let commandName { throw UsageError(description: "one command at most (\(commandName) and \(argument) given)") }
                commandName = argument
            default:
                if argument.hasPrefix("-") { throw UsageError(description: "unknown option \(argument)") }
                guard commandName == "compare" else { throw UsageError(description: "unexpected argument '\(argument)'") }
                positional.append(argument)
            }
        }
        if request.help || request.listsExecutables { return request }
        try request.settle(commandName, positional: positional, timed: timed, rounds: rounds)
        return request
    }

    /// Sets the command and checks the options against it, as the usage text says.
    private mutating func settle(_ name: String?, positional: [String], timed: Bool, rounds: Int?) throws(UsageError) {
        func refuse(_ text: String) -> UsageError { UsageError(description: text) }
        switch name {
        case nil:
            guard baselineResults == nil, results == nil else { throw refuse("--baseline and --results belong to gate") }
            // A full run counts instructions too: BENCHMARKS.md's exact figures and the
            // dashboard's differential view come from them.
            if !quick && filter == nil { instructions = true }
        case "gate":
            // The commit-cost limits judge instruction counts.
            command = .gate
            instructions = true
        case "check":
            guard baselineResults == nil, filter == nil else { throw refuse("check takes no --baseline or --filter") }
            command = .check
            quick = true
            instructions = true
        case "baseline":
            guard baselineResults == nil, results == nil, filter == nil else {
                throw refuse("baseline takes no --baseline, --results or --filter")
            }
            command = .baseline
            quick = true
            instructions = true
        default:
            guard (1...2).contains(positional.count) else { throw refuse("compare needs BASE [HEAD]") }
            guard baselineResults == nil, results == nil else { throw refuse("--baseline and --results belong to gate") }
            command = .compare(base: positional[0], head: positional.count == 2 ? positional[1] : nil)
        }
        if case .compare = command {} else if timed { throw refuse("--time belongs to compare") }
        if case .compare = command {} else if builtCommits != nil { throw refuse("--built belongs to compare") }
        if !timed, rounds != nil { throw refuse("--rounds belongs to compare --time") }
        if timed { timedRounds = rounds ?? 6 }
        for (option, path) in [("baseline", baselineResults), ("results", results)] {
            if let path, !FileManager.default.fileExists(atPath: path) { throw refuse("no \(option) results at \(path)") }
        }
        if let given = spec {
            let spec = URL(fileURLWithPath: given).standardizedFileURL.path
            self.spec = spec
            guard command == .run || command == .gate else {
                throw refuse("--spec belongs to a run or gate: \(name ?? "") judges spec/'s committed baseline")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: spec, isDirectory: &isFolder), isFolder.boolValue else {
                throw refuse("--spec \(given): no such folder")
            }
            let missing = LabLayout.specEntries.filter {
                !FileManager.default.fileExists(atPath: URL(fileURLWithPath: spec).appendingPathComponent($0).path)
            }
            guard missing.isEmpty else {
                throw refuse("--spec \(spec) lacks \(missing.joined(separator: " ")) (a spec folder holds "
                             + LabLayout.specEntries.joined(separator: " ") + ", as spec/ does)")
            }
            // Judging another app is the whole decision: the commit-cost instructions counted.
            instructions = true
        }
    }
}
