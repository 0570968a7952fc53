import Foundation
import GraphQLSyntax
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
    func launch(_ url: URL, _ strategy: PhaseStrategy, sizeLimit: Int = 32 << 20,
                at now: Date = Date(timeIntervalSince1970: 0)) -> (Environment, FixtureTransport) {
        let transport = fixtures.transport()
        return (Environment(program: fixtures.program, transport: transport,
                            configuration: .init(strategy: strategy, clock: ManualScheduler(now: now), image: url,
                                                 imageSizeLimit: sizeLimit)), transport)
    }

    /// A launch that shows `name` from the transport and has it in its image at `url`.
    func imageOfALaunch(_ url: URL, showing name: String, sizeLimit: Int = 32 << 20) async throws {
        let (environment, transport) = launch(url, .shipped, sizeLimit: sizeLimit)
        transport.enqueue(name)
        try await attach(name, in: environment).waitForFetch()
        await environment.imageWritten()
        #expect(environment.imageLog.isEmpty)
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
        // The writer opens the file, off the main actor: the log has its reason once it tried.
        await environment.imageWritten()
        #expect(environment.imageLog.count == 1)
        #expect(environment.imageLog.first?.contains("runs from memory") == true)
        transport.enqueue("Dashboard")
        let handle = environment.attach(try fixtures.artifact("Dashboard"),
                                        variables: try fixtures.response("Dashboard").variables)
        await handle.waitForFetch()
        #expect(shown(handle) != nil)
    }

    @Test func overItsSizeLimitTheImageDropsTheOlderLaunchAndKeepsTheLast() async throws {
        let url = try imageFile()
        try await imageOfALaunch(url, showing: "Dashboard")
        // No room to spare: after its first commit, the launches before this one go.
        try await imageOfALaunch(url, showing: "IssueScreen", sizeLimit: 1)
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

    /// `ViewerSidebar` expires 600 s after it was fetched, in a later launch too: shown fresh
    /// 300 s on with no request, shown stale and fetched 700 s on. A launch that reads it from
    /// the image keeps the age it had.
    @Test func anOperationsAgeHoldsAcrossLaunchesForExpires() async throws {
        let url = try imageFile()
        try await imageOfALaunch(url, showing: "ViewerSidebar")
        let artifact = try fixtures.artifact("ViewerSidebar")
        for (seconds, expected) in [(300.0, OperationAvailability.available), (700, .stale)] {
            let (environment, transport) = launch(url, .shipped, at: Date(timeIntervalSince1970: seconds))
            let gate = RequestBarrier()
            transport.enqueue("ViewerSidebar", after: gate)
            let handle = try attach("ViewerSidebar", in: environment)
            #expect(environment.check(artifact) == expected, "\(seconds) s")
            // Fresh, it shows in the attach's turn; stale, store-or-network fetches it.
            #expect((shown(handle) != nil) == (expected == .available), "\(seconds) s")
            gate.open()
            await handle.waitForFetch()
            #expect(transport.requests.count == (expected == .stale ? 1 : 0), "\(seconds) s")
            await environment.imageWritten()
        }
    }

    /// An operation invalidated, or a whole store invalidated, before the app quit reads
    /// stale in the next launch; one written after the store's invalidation reads fresh.
    @Test func invalidationsHoldAcrossLaunches() async throws {
        let url = try imageFile()
        let dashboard = try fixtures.artifact("Dashboard")
        let variables = try fixtures.response("Dashboard").variables
        do {
            let clock = ManualScheduler()
            let transport = fixtures.transport()
            let first = Environment(program: fixtures.program, transport: transport,
                                    configuration: .init(clock: clock, image: url))
            transport.enqueue("Dashboard")
            transport.enqueue("ViewerSidebar")
            try await attach("Dashboard", in: first).waitForFetch()
            clock.advance(by: .seconds(1))
            first.invalidateStore()
            clock.advance(by: .seconds(1))
            try await attach("ViewerSidebar", in: first).waitForFetch()
            await first.imageWritten()
        }
        do {
            let (second, _) = launch(url, .shipped, at: Date(timeIntervalSince1970: 2))
            _ = second.attach(dashboard, variables: variables, policy: .storeOnly)
            await second.imageWritten()
            // The sidebar's viewer and root rows were written back by the dashboard's reading
            // (with only its fields in memory): the sidebar's fields are still there.
            _ = second.attach(try fixtures.artifact("ViewerSidebar"), policy: .storeOnly)
            #expect(second.check(dashboard, variables: variables) == .stale)
            let sidebar = try fixtures.artifact("ViewerSidebar")
            #expect(second.check(sidebar) == .available)
            second.attach(try fixtures.artifact("ViewerSidebar"), policy: .storeOnly).invalidate()
            await second.imageWritten()
        }
        let (third, _) = launch(url, .shipped, at: Date(timeIntervalSince1970: 2))
        _ = third.attach(try fixtures.artifact("ViewerSidebar"), policy: .storeOnly)
        #expect(third.check(try fixtures.artifact("ViewerSidebar")) == .stale)
    }

    /// A record invalidated by id before the app quit: an operation that reaches it, written
    /// before, reads stale in the next launch; written again after, fresh.
    @Test(arguments: [false, true])
    func aRecordInvalidatedByIdHoldsAcrossLaunches(refetchedAfter: Bool) async throws {
        let url = try imageFile()
        let sidebar = try fixtures.artifact("ViewerSidebar")
        do {
            let clock = ManualScheduler()
            let transport = fixtures.transport()
            let first = Environment(program: fixtures.program, transport: transport,
                                    configuration: .init(clock: clock, image: url))
            transport.enqueue("ViewerSidebar")
            let handle = try attach("ViewerSidebar", in: first)
            await handle.waitForFetch()
            clock.advance(by: .seconds(1))
            first.invalidate(DataID(viewerID))
            #expect(first.check(sidebar) == .stale)
            if refetchedAfter {
                clock.advance(by: .seconds(1))
                transport.enqueue("ViewerSidebar")
                await handle.invalidate()?.value
            }
            await first.imageWritten()
        }
        let (second, _) = launch(url, .shipped, at: Date(timeIntervalSince1970: 3))
        _ = second.attach(sidebar, policy: .storeOnly)
        #expect(second.check(sidebar) == (refetchedAfter ? .available : .stale))
    }

    /// An image written under another schema is read as empty, and the launch of the new
    /// schema starts it anew: a launch back on the first schema finds nothing either.
    @Test func anotherSchemaStartsTheImageEmpty() async throws {
        let url = try imageFile()
        try await imageOfALaunch(url, showing: "Dashboard")
        let spec = fixtures.spec
        let schema = try SchemaBuilder.build(sources: [
            Source(text: try spec.schema() + "\ntype ImageDigestProbe { id: ID! }\n", name: "schema.graphql"),
        ])
        let changed = try Program(schema: schema, documents: try spec.operations().map { Source(text: $0.text, name: $0.url.path) })
        let dashboard = try fixtures.artifact("Dashboard")
        let variables = try fixtures.response("Dashboard").variables
        do {
            let environment = Environment(program: changed, transport: fixtures.transport(),
                                          configuration: .init(clock: ManualScheduler(), image: url))
            let handle = environment.attach(try #require(changed["Dashboard"]), variables: variables, policy: .storeOnly)
            #expect(shown(handle) == nil)
            await environment.imageWritten()
            #expect(environment.imageLog.isEmpty)
        }
        let (back, _) = launch(url, .shipped)
        _ = back.attach(dashboard, variables: variables, policy: .storeOnly)
        #expect(back.check(dashboard, variables: variables) == .missing)
    }

    /// A sign-out: `removeAll()` empties the store and the image; a refetch and a fetch on
    /// their way fail `cancelled`, and their answers, arriving after, reach neither: the next
    /// launch finds nothing.
    @Test(arguments: PhaseStrategy.allCases)
    func removeAllEmptiesStoreAndImageAndALateAnswerReachesNeither(_ strategy: PhaseStrategy) async throws {
        let url = try imageFile()
        let sidebar = try fixtures.artifact("ViewerSidebar")
        let (environment, transport) = launch(url, strategy)
        transport.enqueue("Dashboard")
        let dashboard = try attach("Dashboard", in: environment)
        await dashboard.waitForFetch()
        #expect(shown(dashboard) != nil)
        let gate = RequestBarrier()
        transport.enqueue("Dashboard", after: gate)
        transport.enqueue("ViewerSidebar", after: gate)
        let refetch = dashboard.invalidate()
        let fetch = Task { @MainActor () -> Failure? in
            do throws(Failure) {
                _ = try await environment.fetch(sidebar)
                return nil
            } catch {
                return error
            }
        }
        await gate.arrival(count: 2)
        let body = BodyProbe { self.shown(dashboard) }

        environment.removeAll()
        #expect(body.flush())
        #expect(shown(dashboard) == nil)
        #expect(dashboard.fetch.failure == .cancelled)
        #expect(environment.check(try fixtures.artifact("Dashboard"), variables: try fixtures.response("Dashboard").variables) == .missing)
        gate.open()
        await refetch?.value
        #expect(await fetch.value == .cancelled)
        #expect(environment.check(sidebar) == .missing)
        #expect(shown(dashboard) == nil)
        await environment.imageWritten()
        #expect(environment.imageLog.isEmpty)

        let (next, _) = launch(url, strategy)
        let again = next.attach(try fixtures.artifact("Dashboard"), variables: try fixtures.response("Dashboard").variables,
                                policy: .storeOnly)
        #expect(shown(again) == nil)
        #expect(next.check(try fixtures.artifact("Dashboard"), variables: try fixtures.response("Dashboard").variables) == .missing)
    }

    /// A disk that fills during a launch stops the image with the reason logged; the store
    /// keeps every commit, in memory. In a child process whose files may not grow past
    /// 256 KiB (`RLIMIT_FSIZE`, its signal ignored): a write past it fails as on a full disk.
    @Test func aFullDiskStopsTheImageWithItsReasonAndTheAppGoesOnFromMemory() async throws {
        let path = try imageFile().path
        await #expect(processExitsWith: .success) { [path = path as String] in
            await FaultChild.fullDisk(image: path)
        }
    }

    /// A folder the app may not write disables the image with the reason logged; the screen
    /// then loads from the network. In a child process that makes the folder read-only and,
    /// when it runs as root (which writes anywhere), becomes `nobody`.
    @Test func aReadOnlyFolderDisablesTheImageWithItsReasonAndTheAppGoesOnFromMemory() async throws {
        let url = try imageFile()
        try await imageOfALaunch(url, showing: "Dashboard")
        await #expect(processExitsWith: .success) { [path = url.path as String] in
            await FaultChild.readOnlyFolder(image: path)
        }
    }
}

/// The fault tests' child processes: each changes what the process may do, runs a launch
/// and exits 0 when the environment did what it should (`_exit`: no exit handlers, so
/// LeakSanitizer's do not run in a child).
@MainActor
enum FaultChild {
    /// Files may not grow past 256 KiB: 20 commits of 50 records of 500 bytes each fill it.
    static func fullDisk(image path: String) async -> Never {
        guard fileSizeLimit(256 << 10), let fixtures = try? SharedFixtures.get() else { _exit(2) }
        let environment = Environment(program: fixtures.program, transport: fixtures.transport(),
                                      configuration: .init(clock: ManualScheduler(), image: URL(fileURLWithPath: path)))
        for batch in 0..<20 {
            environment.commitUpdate { delta in
                for n in 0..<50 {
                    delta.set(FieldState(value: .scalar(.string(String(repeating: "x", count: 500)))),
                              for: FieldKey("title"), on: DataID("B\(batch)-\(n)"))
                }
            }
        }
        await environment.imageWritten()
        // SQLite names the write that failed and how: EFBIG is its "disk I/O error" (a real
        // full disk's ENOSPC, "database or disk is full").
        let logged = environment.imageLog.count == 1 && environment.imageLog[0].contains("COMMIT: disk I/O error")
            && environment.imageLog[0].hasSuffix("the store runs from memory")
        let kept = environment.store.record(DataID("B19-49")) != nil
        _exit(logged && kept ? 0 : 1)
    }

    /// The image's folder read-only: the launch logs why it has no image and loads Dashboard
    /// from the transport.
    static func readOnlyFolder(image path: String) async -> Never {
        guard let fixtures = try? SharedFixtures.get(), let dashboard = try? fixtures.artifact("Dashboard"),
              let variables = try? fixtures.response("Dashboard").variables,
              readOnly(folder: URL(fileURLWithPath: path).deletingLastPathComponent().path) else { _exit(2) }
        let transport = fixtures.transport()
        transport.enqueue("Dashboard")
        let environment = Environment(program: fixtures.program, transport: transport,
                                      configuration: .init(clock: ManualScheduler(), image: URL(fileURLWithPath: path)))
        await environment.imageWritten()
        let logged = environment.imageLog.count == 1 && environment.imageLog[0].contains("runs from memory")
        let handle = environment.attach(dashboard, variables: variables)
        await handle.waitForFetch()
        guard case .ready = handle.phase else { _exit(1) }
        _exit(logged && transport.requests.count == 1 ? 0 : 1)
    }

    /// Files may not grow past `bytes`; a write past it fails (EFBIG) instead of raising
    /// SIGXFSZ. - Returns: whether the limit took.
    private static func fileSizeLimit(_ bytes: Int) -> Bool {
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        #if canImport(Glibc)
        return setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0
        #else
        return setrlimit(RLIMIT_FSIZE, &limit) == 0
        #endif
    }

    /// Makes `folder` read-only, and the process `nobody` when it is root (root writes into
    /// read-only folders). - Returns: whether both took.
    private static func readOnly(folder: String) -> Bool {
        guard chmod(folder, 0o555) == 0 else { return false }
        guard getuid() == 0 else { return true }
        return setgid(65534) == 0 && setuid(65534) == 0
    }
}
