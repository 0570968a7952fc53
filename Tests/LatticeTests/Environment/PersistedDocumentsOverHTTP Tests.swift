import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Lattice
import LatticeTesting

/// Persisted documents end to end against the loopback server (`scripts/server.py`), under
/// the three phase strategies: by id from the manifest a server that takes no text loaded,
/// by id the server does not know (a failure), and by id with the text as the fallback
/// (the server learns it once). The server's `/documents` counts say what went on the wire.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct PersistedDocumentsOverHTTPTests {
    static let operation = "IssueAuthorCard"

    /// The server's counts: requests by text, by a known id, by an unknown id; texts learnt;
    /// ids refused (`--refuse-ids`).
    struct Counts: Decodable, Equatable {
        var text = 0, id = 0, unknown = 0, learnt = 0, refused = 0
    }

    static func counts(_ server: LoopbackServer) async throws -> Counts {
        let (body, _) = try await URLSession.shared.data(from: try server.url("/documents"))
        return try JSONDecoder().decode(Counts.self, from: body)
    }

    /// An environment over `server` sending documents as `policy` says, and the handle of
    /// the fixture operation attached in it, its fetch done.
    static func attached(_ server: LoopbackServer, _ strategy: PhaseStrategy,
                         _ policy: PersistedDocumentPolicy) async throws -> (Environment, OperationHandle) {
        let spec = try SharedFixtures.get()
        let environment = Environment(program: spec.program, transport: HTTPTransport(url: try server.url("/graphql")),
                                      configuration: .init(strategy: strategy, persistedDocuments: policy))
        let handle = environment.attach(try spec.artifact(operation), variables: try spec.response(operation).variables)
        await handle.waitForFetch()
        return (environment, handle)
    }

    static func isReady(_ handle: OperationHandle) -> Bool {
        if case .ready = handle.phase { return true }
        return false
    }

    static func failureCode(_ handle: OperationHandle) -> String? {
        guard case .failed(.requestErrors(let errors)) = handle.phase,
              case .string(let code)? = errors.first?.extensions?["code"] else { return nil }
        return code
    }

    /// The manifest of spec/'s program in a file of its own, as `lattice persisted-documents` writes it.
    static func manifestFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("manifest.json")
        try JSONEncoder().encode(try SharedFixtures.get().program.manifest).write(to: url)
        return url
    }

    /// A server that runs only its manifest's documents: the ids alone run, the text is refused.
    @Test(arguments: PhaseStrategy.allCases)
    func idsAloneRunTheManifestsDocuments(_ strategy: PhaseStrategy) async throws {
        let manifest = try Self.manifestFile()
        defer { try? FileManager.default.removeItem(at: manifest.deletingLastPathComponent()) }
        let server = try await LoopbackServer.start(options: ["--manifest", manifest.path, "--persisted-only"])
        defer { server.stop() }
        let (_, byID) = try await Self.attached(server, strategy, .idOnly)
        #expect(Self.isReady(byID), "\(byID.phase)")
        #expect(try await Self.counts(server) == Counts(id: 1))
        let (_, byText) = try await Self.attached(server, strategy, .textOnly)
        #expect(Self.failureCode(byText) == "PERSISTED_QUERY_NOT_SUPPORTED", "\(byText.phase)")
    }

    /// An id the server does not know fails with its error under `idOnly`, which sends nothing
    /// more; under the fallback, the text follows, the server learns it, and the next
    /// request, a refetch, goes by id alone.
    @Test(arguments: PhaseStrategy.allCases)
    func anUnknownIDFailsOrFallsBackToTheTextOnce(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (_, idOnly) = try await Self.attached(server, strategy, .idOnly)
        #expect(Self.failureCode(idOnly) == "PERSISTED_QUERY_NOT_FOUND", "\(idOnly.phase)")
        #expect(try await Self.counts(server) == Counts(unknown: 1))

        let (environment, fallback) = try await Self.attached(server, strategy, .idWithTextFallback)
        #expect(Self.isReady(fallback), "\(fallback.phase)")
        #expect(try await Self.counts(server) == Counts(text: 1, unknown: 2, learnt: 1))
        await fallback.refetch().value
        #expect(Self.isReady(fallback))
        #expect(try await Self.counts(server) == Counts(text: 1, id: 1, unknown: 2, learnt: 1))

        // A one-off fetch (no handle) takes the same path.
        let spec = try SharedFixtures.get()
        _ = try await environment.fetch(try spec.artifact(Self.operation), variables: try spec.response(Self.operation).variables)
        #expect(try await Self.counts(server) == Counts(text: 1, id: 2, unknown: 2, learnt: 1))
    }

    /// Text only is what every server runs: no id goes with it.
    @Test(arguments: PhaseStrategy.allCases)
    func textOnlySendsNoID(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (_, handle) = try await Self.attached(server, strategy, .textOnly)
        #expect(Self.isReady(handle), "\(handle.phase)")
        #expect(try await Self.counts(server) == Counts(text: 1))
    }

    /// A server that takes no ids at all, in either way of saying so (Apollo Server's
    /// `PERSISTED_QUERY_NOT_SUPPORTED`, strawberry's HTTP 400 "No GraphQL query found"):
    /// under the fallback the first request is refused and sent again with its text, and the
    /// environment remembers it: the refetch and a one-off fetch send the text alone.
    @Test(arguments: ["not-supported", "bad-request"])
    func aServerThatRefusesIDsGetsTheTextFromThenOn(_ refusal: String) async throws {
        let server = try await LoopbackServer.start(options: ["--refuse-ids", refusal])
        defer { server.stop() }
        let (environment, handle) = try await Self.attached(server, .shipped, .idWithTextFallback)
        #expect(Self.isReady(handle), "\(handle.phase)")
        #expect(environment.persistedIDsRefused)
        #expect(try await Self.counts(server) == Counts(text: 1, refused: 1))

        await handle.refetch().value
        #expect(Self.isReady(handle), "\(handle.phase)")
        #expect(try await Self.counts(server) == Counts(text: 2, refused: 1))

        let spec = try SharedFixtures.get()
        _ = try await environment.fetch(try spec.artifact(Self.operation), variables: try spec.response(Self.operation).variables)
        #expect(try await Self.counts(server) == Counts(text: 3, refused: 1))
    }

    /// A refusal is the server's, not the policy's: `idOnly` sends no text after it, and an
    /// environment whose server never refused keeps sending ids.
    @Test func idOnlyDoesNotFallBackWhenRefused() async throws {
        let server = try await LoopbackServer.start(options: ["--refuse-ids", "not-supported"])
        defer { server.stop() }
        let (environment, handle) = try await Self.attached(server, .shipped, .idOnly)
        #expect(Self.failureCode(handle) == "PERSISTED_QUERY_NOT_SUPPORTED", "\(handle.phase)")
        #expect(!environment.persistedIDsRefused)
        #expect(try await Self.counts(server) == Counts(refused: 1))
    }
}
