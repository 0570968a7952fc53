#if os(macOS) || os(Linux)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The repository's GraphQL server (`scripts/server.py`) on a free loopback port, for one
/// test: started with `LATTICE_PYTHON` (or `<repo>/.venv/bin/python`), stopped by `stop()`.
/// It also exits by itself after `maxSeconds` or when its stdin closes, so a crashed test run
/// leaves nothing behind. Its default file paths find this repository from LatticeTesting's
/// own sources, so a package that depends on Lattice (Examples/IssueTracker) runs the same
/// server. Where `Process` exists (macOS, Linux).
public final class LoopbackServer {
    /// Why the server did not start.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let process: Process
    private let input: Pipe
    private var stopped = false

    /// Held while a server's pipes are made and it is spawned. On Linux, Foundation closes a
    /// child's inherited descriptors from a list made just before the spawn, so a server
    /// spawned on another thread in that window inherits this one's: its stdin (which then
    /// never reaches end of file) and the socket by which Foundation learns that it exited
    /// (CI, 2026-12-04: a test's `stop()`, waiting on that news, held the main actor for the
    /// 900 s its neighbour lived).
    private static let spawning = NSLock()

    private init(port: Int, process: Process, input: Pipe) {
        self.port = port
        self.process = process
        self.input = input
    }

    /// The URL of `path` (with its query) on this server.
    public func url(_ path: String) throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
            throw StartError(description: "LoopbackServer: \(path) is not a URL path")
        }
        return url
    }

    /// Lets one request waiting on `key` go on (`POST /step/KEY`): the next payload or event of
    /// a stream sent with `step=KEY`, or a mutation held by `hold=KEY`; a release before the
    /// wait is kept. - Throws: `StartError` when the server does not answer 200.
    /// - Complexity: one request to the server.
    @MainActor public func release(_ key: String) async throws {
        var request = URLRequest(url: try url("/step/\(key)"))
        request.httpMethod = "POST"
        let (_, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw StartError(description: "LoopbackServer: POST /step/\(key) answered \(response)")
        }
    }

    /// How to make the server's Python, for the message of a test that is skipped without it.
    public static let howToEnable = """
        needs the loopback server's Python with its packages: run scripts/test.sh (it makes \
        .venv/), or set LATTICE_PYTHON to a Python that has them
        """

    /// The Python the server runs with: `LATTICE_PYTHON`, else the repository's
    /// `.venv/bin/python` (which scripts/test.sh makes). - Complexity: one file check.
    public static func python() throws -> String {
        let python = try ProcessInfo.processInfo.environment["LATTICE_PYTHON"]
            ?? repositoryRoot().appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw StartError(description: "LoopbackServer: no Python at \(python); \(howToEnable)")
        }
        return python
    }

    /// Whether `python()` finds a Python: the loopback tests run only then.
    public static var isAvailable: Bool { (try? python()) != nil }

    /// Starts the server and waits for its `LISTENING <port>` line. `maxSeconds` is a backstop
    /// only (stdin closing stops it first): a test's server lives as long as its test, which
    /// under a sanitizer on two busy cores has run past four minutes, so the default outlasts
    /// the ten-minute hang guard of the loopback suites; with 120 s, a server started early in
    /// such a run exited under its test (CI, 2026-12-04: connection refused at 270 s).
    /// - Throws: `StartError` saying what is missing (python, the script) or what the server
    ///   printed on stderr if it exited before listening.
    /// `options` are the server's own (`--manifest FILE`, `--persisted-only`,
    /// `--refuse-ids not-supported|bad-request`: scripts/server.py).
    public static func start(maxSeconds: Int = 900, options: [String] = []) async throws -> LoopbackServer {
        let root = try repositoryRoot()
        let script = root.appendingPathComponent("scripts/server.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw StartError(description: "LoopbackServer: \(script.path) does not exist")
        }
        let python = try python()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, "--port", "0", "--max-seconds", String(maxSeconds)] + options
        process.currentDirectoryURL = root
        let (input, output, errors) = try spawning.withLock {
            let input = Pipe(), output = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            do { try process.run() } catch {
                throw StartError(description: "LoopbackServer: cannot run \(python): \(error)")
            }
            return (input, output, errors)
        }
        let line = await firstLine(of: output.fileHandleForReading)
        guard let line, line.hasPrefix("LISTENING "), let port = Int(line.dropFirst("LISTENING ".count)) else {
            process.terminate()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw StartError(description: """
                LoopbackServer: expected "LISTENING <port>" from \(script.path), got \
                \(line.map { "\"\($0)\"" } ?? "end of output"); stderr: \(stderr)
                """)
        }
        return LoopbackServer(port: port, process: process, input: input)
    }

    /// Stops the server and waits for it to exit, so its port is closed when this returns:
    /// SIGKILL (a child spawned from a test's thread inherits a signal mask that blocks
    /// SIGTERM), then the process's state is polled every millisecond for at most 10 s. It
    /// does not wait on Foundation's news of the exit (`waitUntilExit`, `terminationHandler`),
    /// which comes late whenever another child inherited the socket it comes by; and it does
    /// not reap the process, which Foundation does. A second call returns at once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        try? input.fileHandleForWriting.close()
        let pid = process.processIdentifier
        kill(pid, SIGKILL)
        for _ in 0..<10_000 where !Self.hasExited(pid) {
            usleep(1_000)
        }
    }

    /// Whether `pid`, a child of this process, has exited (reaped or not), leaving it to be
    /// reaped: `waitid` with `WNOWAIT`, which fills in the signal only for a child that has.
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        if result == -1 { return errno != EINTR }
        return info.si_signo == SIGCHLD
    }

    /// Reads up to the first newline on a thread of its own (the read blocks until the server
    /// prints or exits). `nil` at end of output.
    private static func firstLine(of handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                    if bytes.contains(UInt8(ascii: "\n")) { break }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.isEmpty ? nil : text.split(separator: "\n").first.map(String.init))
            }
        }
    }

    /// The Lattice checkout this file is in (not the caller's: a package that depends on
    /// Lattice by path runs Lattice's server).
    private static func repositoryRoot() throws -> URL {
        let file = #filePath
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("scripts/server.py").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        throw StartError(description: "LoopbackServer: no scripts/server.py above \(file)")
    }
}
#endif
