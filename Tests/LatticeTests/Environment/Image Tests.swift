import Foundation
import Testing
import Lattice
import LatticeTesting

/// The store's image across launches: what one environment commits, the next reads in its
/// first body, before its transport answers; a file that is no database is moved aside and the
/// store starts empty; an image that cannot open leaves the app running from memory.
@MainActor @Suite(.hangGuard) struct ImageTests {
    let fixtures: CompiledSpec

    init() throws {
        fixtures = try SharedFixtures.get()
    }

    /// A fresh folder, and the image's file in it.
    func imageFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-image-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("store.sqlite")
    }

    /// A launch: an environment over the fixtures with the image at `url`.
    func launch(_ url: URL, _ strategy: PhaseStrategy, sizeLimit: Int = 32 << 20) -> (Environment, FixtureTransport) {
        let transport = fixtures.transport()
        return (Environment(program: fixtures.program, transport: transport, strategy: strategy,
                            clock: ManualScheduler(), image: url, imageSizeLimit: sizeLimit), transport)
    }

    /// Attaches `name` with its fixture's variables.
    func attach(_ name: String, in environment: Environment) throws -> OperationHandle {
        environment.attach(try fixtures.artifact(name), variables: try fixtures.response(name).variables)
    }

    /// The data `handle` shows, as JSON.
    func shown(_ handle: OperationHandle) -> JSONValue? {
        guard case .ready(let lens) = handle.phase else { return nil }
        return StoreReader.read(lens.bound, root: lens.record).data
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theNextLaunchShowsTheScreenBeforeTheTransportAnswers(_ strategy: PhaseStrategy) async throws {
        let url = try imageFile()
        let dashboard = try fixtures.artifact("Dashboard")
        let variables = try fixtures.response("Dashboard").variables
        var expected: JSONValue?
        do {
            let (first, transport) = launch(url, strategy)
            transport.enqueue("Dashboard")
            let handle = first.attach(dashboard, variables: variables)
            await handle.waitForFetch()
            expected = shown(handle)
            await first.imageWritten()
            #expect(first.imageLog.isEmpty)
        }
        #expect(expected != nil)
        let (second, transport) = launch(url, strategy)
        let gate = RequestBarrier()
        transport.enqueue("Dashboard", after: gate)
        let handle = second.attach(dashboard, variables: variables)
        // The first read, in the attach's turn: the transport has answered nothing.
        #expect(shown(handle) == expected)
        #expect(transport.requests.isEmpty)
        gate.open()
    }

    @Test func aFileThatIsNoDatabaseIsMovedAsideLoggedAndTheStoreStartsEmpty() async throws {
        let url = try imageFile()
        try Data(repeating: 0x5A, count: 8_192).write(to: url)
        let (environment, transport) = launch(url, .shipped)
        #expect(environment.imageLog.count == 1)
        #expect(environment.imageLog.first?.contains("moved aside") == true)
        let folder = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(folder.contains { $0.hasPrefix("store.sqlite.corrupt-") })
        transport.enqueue("Dashboard")
        let handle = environment.attach(try fixtures.artifact("Dashboard"),
                                        variables: try fixtures.response("Dashboard").variables)
        await handle.waitForFetch()
        await environment.imageWritten()
        #expect(shown(handle) != nil)
        #expect(environment.imageLog.count == 1)
    }

    @Test func anImageThatCannotOpenLeavesTheAppRunningFromMemory() async throws {
        // A file where the image's folder should be: nothing can be created under it.
        let blocker = try imageFile()
        try Data("not a folder".utf8).write(to: blocker)
        let (environment, transport) = launch(blocker.appendingPathComponent("store.sqlite"), .shipped)
        #expect(environment.imageLog.first?.contains("runs from memory") == true)
        transport.enqueue("Dashboard")
        let handle = environment.attach(try fixtures.artifact("Dashboard"),
                                        variables: try fixtures.response("Dashboard").variables)
        await handle.waitForFetch()
        #expect(shown(handle) != nil)
    }

    @Test func overItsSizeLimitTheImageDropsTheOlderLaunchAndKeepsTheLast() async throws {
        let url = try imageFile()
        do {
            let (first, transport) = launch(url, .shipped)
            transport.enqueue("Dashboard")
            try await attach("Dashboard", in: first).waitForFetch()
            await first.imageWritten()
        }
        do {
            // No room to spare: after its first commit, the launches before this one go.
            let (second, transport) = launch(url, .shipped, sizeLimit: 1)
            transport.enqueue("IssueScreen")
            try await attach("IssueScreen", in: second).waitForFetch()
            await second.imageWritten()
            #expect(second.imageLog.isEmpty)
        }
        let (third, transport) = launch(url, .shipped)
        let gate = RequestBarrier()
        transport.enqueue("IssueScreen", after: gate)
        transport.enqueue("Dashboard", after: gate)
        let screen = try attach("IssueScreen", in: third)
        let dashboard = try attach("Dashboard", in: third)
        #expect(shown(screen) != nil)
        #expect(shown(dashboard) == nil)
        gate.open()
        await dashboard.waitForFetch()
        #expect(shown(dashboard) != nil)
    }
}
