import Foundation
import Testing
import Lattice
import LatticeTesting

/// The image holds only what the server confirmed: an optimistic layer is shown, never
/// written; a commit under a pending layer writes the base; a confirmed layer's answer is
/// written as the server gave it. Each test quits with a layer pending (`closeImage()`, then
/// the environment released) and relaunches on the same file, where the issue screen shows
/// what its image holds before any request.
@MainActor @Suite(.hangGuard) struct ImageOptimisticTests {
    let issueID = DataID("SXNzdWU6MQ==")

    /// The issue's state, state reason, closing time and title, as the issue screen `handle`
    /// shows them (`null` for a null).
    func issue(_ handle: OperationHandle) throws -> [String] {
        guard case .ready(let data) = handle.phase, let header = try data.fragment("IssueHeader_query") else { return [] }
        let repository: Lens = try header.read("repository")
        let issue: Lens = try repository.read("issue")
        return try ["state", "stateReason", "closedAt", "title"].map { key throws(ReadError) in
            ((try issue.read(key)) as String?) ?? "null"
        }
    }

    /// The data of the `ok` fixture of `operation` with `edits` made at their paths.
    func answer(_ launches: ImageLaunches, _ operation: String, _ edits: [([String], JSONValue)]) throws -> JSONValue {
        var data = try #require(try launches.fixtures.response(operation).response.data)
        for (path, value) in edits { data = Self.edited(data, path[...], value) }
        return data
    }

    static func edited(_ json: JSONValue, _ path: ArraySlice<String>, _ value: JSONValue) -> JSONValue {
        guard let key = path.first else { return value }
        guard case .object(var members) = json else { return json }
        members[key] = edited(members[key] ?? .null, path.dropFirst(), value)
        return .object(members)
    }

    /// CloseIssue sent, its answer held at `gate`, with the optimistic response that closes the
    /// issue at noon.
    func close(_ launches: ImageLaunches, in environment: Environment, _ transport: FixtureTransport,
               after gate: RequestBarrier) throws -> PendingMutation {
        transport.enqueue("CloseIssue", after: gate)
        let issue = ["closeIssue", "issue"]
        return try environment.commitMutation(
            try launches.fixtures.artifact("CloseIssue"), variables: try launches.fixtures.response("CloseIssue").variables,
            optimisticResponse: try answer(launches, "CloseIssue", [(issue + ["closedAt"], .string("2024-06-01T12:00:00Z"))]))
    }

    /// A launch on the image showing the issue screen from its transport.
    func launchShowingTheIssue(_ launches: ImageLaunches, _ strategy: PhaseStrategy) async throws
        -> (environment: Environment, transport: FixtureTransport, screen: OperationHandle) {
        let (environment, transport) = launches.launch(strategy)
        transport.enqueue("IssueScreen")
        let screen = try launches.attach("IssueScreen", in: environment)
        await screen.waitForFetch()
        return (environment, transport, screen)
    }

    /// The issue screen in a new launch on the image, read from it in the attach's turn.
    func relaunched(_ launches: ImageLaunches, _ strategy: PhaseStrategy) throws -> [String] {
        let (environment, transport) = launches.launch(strategy)
        let screen = try launches.attach("IssueScreen", in: environment, policy: .storeOnly)
        #expect(transport.requests.isEmpty)
        return try issue(screen)
    }

    static let open = ["OPEN", "null", "null", "Add a benchmark for the parser"]
    static let closingAtNoon = ["CLOSED", "COMPLETED", "2024-06-01T12:00:00Z", "Add a benchmark for the parser"]

    @Test(arguments: PhaseStrategy.allCases)
    func quitWithALayerPendingTheNextLaunchShowsTheServersValue(_ strategy: PhaseStrategy) async throws {
        let launches = try ImageLaunches()
        let gate = RequestBarrier()
        do {
            let (environment, transport, screen) = try await launchShowingTheIssue(launches, strategy)
            _ = try close(launches, in: environment, transport, after: gate)
            #expect(try issue(screen) == Self.closingAtNoon)
            // A server commit while the layer is pending: the issue written again, as it was.
            transport.enqueue("IssueScreen")
            await screen.refetch().value
            #expect(try issue(screen) == Self.closingAtNoon)
            await environment.closeImage()
            #expect(environment.imageLog.isEmpty)
        }
        #expect(try relaunched(launches, strategy) == Self.open)
        gate.open()
    }

    /// Two layers: CloseIssue's confirmed, AddReaction's (a title) still pending at the quit.
    /// The next launch shows CloseIssue's answer as the server gave it (closed at 12:01, not the
    /// layer's noon) and the server's title, not the pending layer's.
    @Test(arguments: PhaseStrategy.allCases)
    func aConfirmedLayersAnswerIsWrittenAsTheServerGaveItAndAPendingOneIsNot(_ strategy: PhaseStrategy) async throws {
        let launches = try ImageLaunches()
        let closing = RequestBarrier()
        let reacting = RequestBarrier()
        do {
            let (environment, transport, screen) = try await launchShowingTheIssue(launches, strategy)
            let closed = try close(launches, in: environment, transport, after: closing)
            transport.enqueue("AddReaction", after: reacting)
            _ = try environment.commitMutation(
                try launches.fixtures.artifact("AddReaction"),
                variables: try launches.fixtures.response("AddReaction").variables,
                optimisticUpdater: { delta in
                    delta.set(FieldState(value: .scalar(.string("Reacting…"))), for: FieldKey("title"), on: issueID)
                })
            closing.open()
            _ = try await closed.answer()
            #expect(try issue(screen) == ["CLOSED", "COMPLETED", "2024-06-01T12:01:00Z", "Reacting…"])
            await environment.closeImage()
            #expect(environment.imageLog.isEmpty)
        }
        #expect(try relaunched(launches, strategy)
                == ["CLOSED", "COMPLETED", "2024-06-01T12:01:00Z", "Add a benchmark for the parser"])
        reacting.open()
    }

    /// A refetch lands while the layer is pending (a rebase): it changes only a field the layer
    /// shows over (the state reason), so nothing shown changes and no body hears of it. The next
    /// launch shows the refetch's value, the layer's nowhere.
    @Test(arguments: PhaseStrategy.allCases)
    func aRebaseUnderARefetchWritesTheRefetchsValues(_ strategy: PhaseStrategy) async throws {
        let launches = try ImageLaunches()
        let gate = RequestBarrier()
        let issue = ["repository", "issue"]
        let refetched = try answer(launches, "IssueScreen", [(issue + ["stateReason"], .string("REOPENED"))])
        do {
            let (environment, transport, screen) = try await launchShowingTheIssue(launches, strategy)
            _ = try close(launches, in: environment, transport, after: gate)
            transport.enqueue("IssueScreen", .respond(GraphQLResponse(data: refetched)))
            let body = BodyProbe { (try? self.issue(screen)) ?? [] }
            await screen.refetch().value
            #expect(!body.flush())
            #expect(body.value == Self.closingAtNoon)
            await environment.closeImage()
            #expect(environment.imageLog.isEmpty)
        }
        #expect(try relaunched(launches, strategy) == ["OPEN", "REOPENED", "null", "Add a benchmark for the parser"])
        gate.open()
    }
}
