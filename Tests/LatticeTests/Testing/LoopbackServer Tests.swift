import Foundation
import Testing
import Lattice
import LatticeTesting

/// The loopback server's own lifecycle, which every HTTP and SSE test's teardown relies on.
@Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct LoopbackServerTests {
    /// CI, 2026-12-04: a server spawned on another thread inherited a neighbour's
    /// descriptors, so the neighbour's stdin never reached end of file, SIGTERM was blocked
    /// (a test thread's signal mask), and `stop()` waited on Foundation's news of the exit,
    /// which the inherited socket held back: the main actor stood still for the 900 s the
    /// server lived. Here a process that inherits every descriptor not closed on exec stands
    /// in for the neighbour: `stop()` returns while it lives, and the port no longer answers.
    @Test func stopReturnsWhileAnotherProcessHoldsTheServersDescriptors() async throws {
        let server = try await LoopbackServer.start()
        let url = try server.url("/graphql")
        let holder = try Self.spawnInheritingEverything(["/bin/sleep", "600"])
        defer {
            kill(holder, SIGKILL)
            var status: Int32 = 0
            waitpid(holder, &status, 0)
        }
        #if os(Linux)
        let held = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(holder)/fd")) ?? []
        #expect(held.count > 3, "the stand-in holds no descriptor beyond its standard three: this tests nothing")
        #endif
        server.stop()
        do {
            _ = try await HTTPTransport(url: url).execute(GraphQLRequest(query: "query Echo { __typename }", operationName: "Echo"))
            Issue.record("the stopped server answered")
        } catch {
            #expect(error.name == "transport.unreachable", "\(error)")
        }
    }

    /// Spawns `arguments` with no file actions, so it inherits every descriptor of this
    /// process that is not closed on exec (as a spawner that closes none would do).
    static func spawnInheritingEverything(_ arguments: [String]) throws -> pid_t {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], nil, nil, &argv, &environment)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        return pid
    }
}
