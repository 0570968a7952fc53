import Foundation

/// A benchmark executable started by the lab: its standard error goes to the lab's (the
/// harness's progress), its standard output is captured or passed through.
struct ChildProcess {
    /// How a child ended.
    enum Ending: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case killed(signal: Int32)
        /// It could not be started, and why.
        case notStarted(String)

        /// Whether it exited 0.
        var succeeded: Bool { self == .exited(0) }

        /// "exited with status 1", "was killed by SIGSEGV (signal 11)", "could not start: …".
        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "was killed by \(Self.signalName(signal)) (signal \(signal))"
            case .notStarted(let reason): "could not start: \(reason)"
            }
        }

        /// The name of the signals a benchmark dies by; others by number.
        static func signalName(_ signal: Int32) -> String {
            switch signal {
            case SIGSEGV: "SIGSEGV"
            case SIGBUS: "SIGBUS"
            case SIGILL: "SIGILL"
            case SIGTRAP: "SIGTRAP"
            case SIGABRT: "SIGABRT"
            case SIGFPE: "SIGFPE"
            case SIGKILL: "SIGKILL"
            case SIGTERM: "SIGTERM"
            case SIGINT: "SIGINT"
            default: "signal \(signal)"
            }
        }
    }

    /// The executable.
    let executable: URL
    /// Its arguments.
    let arguments: [String]
    /// The folder it runs in (a checkout: the executables find spec/ from there).
    let directory: URL
    /// Variables set in its environment on top of the lab's own.
    let environment: [String: String]

    /// Runs it to its end, its standard output passed through (or discarded).
    /// - Complexity: blocks until the child exits.
    func run(discardingOutput: Bool = false) -> Ending {
        run(output: discardingOutput ? FileHandle.nullDevice : FileHandle.standardOutput).ending
    }

    /// Runs it to its end and returns its standard output.
    func capture() -> (ending: Ending, output: String) {
        let pipe = Pipe()
        let started = run(output: pipe, drain: pipe)
        return started
    }

    private func run(output: Any, drain: Pipe? = nil) -> (ending: Ending, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (.notStarted("\(executable.path): \(error.localizedDescription)"), "")
        }
        // Drain before waiting, so a long listing cannot block the child on a full pipe.
        let data = drain?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        let ending: Ending = process.terminationReason == .uncaughtSignal
            ? .killed(signal: process.terminationStatus) : .exited(process.terminationStatus)
        return (ending, String(decoding: data, as: UTF8.self))
    }
}
