import Foundation
import PackagePlugin

/// `swift package bench`: the lab's `lattice bench` run on the package it is invoked in, as
/// package-benchmark's users run `swift package benchmark`. A package that depends on Lattice
/// benches its own spec folder (`swift package bench --quick --spec graphql/`) with the suite
/// of the Lattice it resolved, without copying the lab's scripts.
///
/// It builds `lattice` in release, asks it for the suite's executables (`lattice bench
/// --executables`, the suite's one declaration), builds those in release, then runs `lattice
/// bench --bin FOLDER ARGUMENTS` in the package's folder, its output streamed as it comes.
/// Progress goes to stderr (SwiftPM prefixes it with the plugin's name).
@main
struct LatticeBenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let lattice = try buildRelease("lattice")
        let suite = try executables(of: lattice, in: context)
        let folders = Set(try suite.map { try buildRelease($0).deletingLastPathComponent() })
        // `lattice bench` takes one folder for the whole suite; SwiftPM puts every release
        // product of a build in one, and a layout that did not would run the wrong binaries.
        guard folders.count == 1, let bin = folders.first else {
            throw BenchFailure("the suite's executables were built into several folders: \(folders.map(\.path))")
        }
        let status = try run(lattice, ["bench", "--bin", bin.path] + arguments, in: context.package.directoryURL)
        guard status == 0 else {
            // SwiftPM ends `swift package` with status 1 whatever status the plugin exits with
            // (swiftlang/swift-package-manager#7380), so the line says which it was.
            Diagnostics.error("`lattice bench` exited with status \(status)")
            exit(status)
        }
    }

    /// The suite's executables, as `lattice bench --executables` names them one a line.
    /// - Throws: `BenchFailure` when it fails or names none.
    private func executables(of lattice: URL, in context: PluginContext) throws -> [String] {
        let listing = context.pluginWorkDirectoryURL.appendingPathComponent("executables")
        guard FileManager.default.createFile(atPath: listing.path, contents: nil) else {
            throw BenchFailure("cannot write \(listing.path)")
        }
        let output = try FileHandle(forWritingTo: listing)
        defer { try? output.close() }
        let status = try run(lattice, ["bench", "--executables"], in: context.package.directoryURL, output: output)
        guard status == 0 else { throw BenchFailure("`lattice bench --executables` exited with status \(status)") }
        let names = try String(contentsOf: listing, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        guard !names.isEmpty else { throw BenchFailure("`lattice bench --executables` named no executable") }
        return names
    }

    /// Builds `product` in release and returns its executable.
    /// - Throws: `BenchFailure` with the build log's errors when the build fails.
    private func buildRelease(_ product: String) throws -> URL {
        Diagnostics.progress("building \(product) in release")
        let result = try packageManager.build(.product(product), parameters: .init(configuration: .release))
        guard result.succeeded else {
            // The compiler's `FILE:LINE:COLUMN: error: …` lines, not the indented source excerpts
            // under them. SwiftPM prints its own errors (an unknown product) itself and leaves
            // them out of the log, so a log without one is shown whole.
            let errors = result.logText.split(whereSeparator: \.isNewline)
                .filter { !$0.hasPrefix(" ") && $0.contains("error:") }
            throw BenchFailure(errors.isEmpty ? "building \(product) failed; the build log:\n\(result.logText)"
                                              : "building \(product) failed:\n" + errors.joined(separator: "\n"))
        }
        guard let executable = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw BenchFailure("building \(product) produced no executable")
        }
        return executable.url
    }

    /// Runs `executable` with `arguments` in `folder` and waits for it. Its stdout goes to
    /// `output` when given, otherwise to the plugin's own; its stderr is passed on line by line
    /// as progress, because SwiftPM prints everything a command plugin writes, stderr included,
    /// on its own stdout, and a run's progress and diagnostics belong on stderr.
    /// - Throws: `BenchFailure` when it cannot start or dies by a signal.
    private func run(_ executable: URL, _ arguments: [String], in folder: URL,
                     output: FileHandle? = nil) throws -> Int32 {
        Diagnostics.progress(([executable.lastPathComponent] + arguments).joined(separator: " "))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let output { process.standardOutput = output }
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw BenchFailure("cannot run \(executable.path): \(error)")
        }
        // Until the end of the stream, which comes when the process and whatever it started
        // have exited: its stdout never waits on this loop, so it cannot stall.
        var pending = Data()
        while true {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                Diagnostics.progress(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { Diagnostics.progress(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            throw BenchFailure("\(executable.lastPathComponent) was killed by signal \(process.terminationStatus)")
        }
        return process.terminationStatus
    }
}

/// Why the plugin could not run the bench; SwiftPM prints it as the command's error.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
