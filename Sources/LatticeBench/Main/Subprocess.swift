import Foundation

/// Runs a short command and captures its standard output; used to ask git and swift about
/// the run's context. Not for anything long-running or interactive.
enum Subprocess {
    /// Standard output of `arguments` resolved through `/usr/bin/env`, or nil when the
    /// command cannot start or exits non-zero. Standard error is discarded.
    /// - Complexity: one process spawn; blocks until it exits.
    static func output(_ arguments: [String], in directory: URL? = nil) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Drain before waiting so a chatty command cannot block on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
