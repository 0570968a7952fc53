import Foundation

/// A subcommand of `lattice`: its name, its help text and what it runs.
struct Command: Sendable {
    /// The word after `lattice` that selects the command.
    let name: String
    /// One line for `lattice --help`.
    let summary: String
    /// The full help, printed for `lattice NAME --help` and after a usage error.
    let help: String
    /// Runs with the arguments after the name; returns the exit status.
    let run: @Sendable ([String]) throws(CommandError) -> Int32

    /// Picks the command named by `arguments[1]` and runs it. Bad arguments print the
    /// problem and the usage to stderr and give exit status 1.
    static func dispatch(_ arguments: [String], among commands: [Command]) -> Int32 {
        let overview = "usage: lattice COMMAND [ARGUMENTS]\n\ncommands:\n"
            + commands.map { "  \($0.name.padding(12))\($0.summary)" }.joined(separator: "\n")
            + "\n\nRun `lattice COMMAND --help` for a command's arguments.\n"
        guard arguments.count > 1 else {
            printError(overview)
            return 1
        }
        let name = arguments[1]
        if name == "--help" || name == "-h" || name == "help" {
            print(overview, terminator: "")
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            printError("lattice: unknown command '\(name)'\n\n" + overview)
            return 1
        }
        let rest = Array(arguments.dropFirst(2))
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help, terminator: "")
            return 0
        }
        do {
            return try command.run(rest)
        } catch {
            printError("lattice \(command.name): \(error)\n")
            if case .usage = error { printError("\n" + command.help) }
            return 1
        }
    }
}

/// Why a command could not do its work (as opposed to finding errors in its input,
/// which a command reports itself and answers with exit status 1).
enum CommandError: Error, CustomStringConvertible {
    /// The arguments do not fit the command's usage.
    case usage(String)
    /// A file could not be read, and the operating system's reason.
    case unreadable(path: String, reason: String)
    /// A file could not be written, and the operating system's reason.
    case unwritable(path: String, reason: String)

    var description: String {
        switch self {
        case .usage(let problem): problem
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .unwritable(path, reason): "cannot write \(path): \(reason)"
        }
    }
}

/// Writes to standard error, where diagnostics and progress go.
func printError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

extension String {
    /// The string left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
