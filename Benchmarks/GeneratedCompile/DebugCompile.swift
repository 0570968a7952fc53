import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A debug compile of generated Swift against the Lattice module this executable was built
/// with, as SwiftPM's debug build compiles a target (`-Onone -g`): `swiftc` in a child process
/// whose peak resident memory (its compiler frontend's included) the kernel reports when it
/// is waited for.
struct DebugCompile {
    /// The folder of the Lattice module the generated code imports: `Modules/` beside this
    /// executable, where SwiftPM puts its build's modules.
    let modules: URL
    /// Where the sources and objects go; the compiler's messages go to `compiler.log` there.
    let folder: URL

    /// Why a compile did not run or did not succeed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A compile for this executable's build, in `folder`.
    /// - Throws: `Failure` when the build has no Lattice module beside the executable.
    init(folder: URL) throws(Failure) {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        let module = modules.appendingPathComponent("Lattice.swiftmodule")
        guard FileManager.default.fileExists(atPath: module.path) else {
            throw Failure(description: "no Lattice module at \(module.path): build the suite with SwiftPM")
        }
        self.folder = folder
    }

    /// The module map of the system library Lattice imports (`CSQLite`), which SwiftPM hands
    /// the compiler from the package's sources: those this executable was built from.
    static let systemModules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CSQLite")

    /// Compiles `files` (names in `folder`) into objects there.
    /// - Returns: the compiler's peak resident memory, bytes.
    /// - Throws: `Failure` with the compiler's messages when it cannot start or fails.
    /// - Complexity: one compiler run, blocking until it exits.
    func compile(_ files: [String]) throws(Failure) -> Double {
        let log = folder.appendingPathComponent("compiler.log").path
        let arguments = ["env", "swiftc", "-c", "-Onone", "-g", "-parse-as-library", "-module-name", "UnionPage",
                         "-working-directory", folder.path, "-I", modules.path, "-I", Self.systemModules.path] + files
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/usr/bin/env", &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "swiftc could not start: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw Failure(description: "waiting for swiftc: \(String(cString: strerror(errno)))") }
        }
        // A normal exit is status's low seven bits all zero; its code is the next byte.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let messages = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no messages)"
            throw Failure(description: "swiftc failed (wait status \(status)):\n\(messages)")
        }
        #if os(Linux)
        return Double(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        return Double(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }
}
