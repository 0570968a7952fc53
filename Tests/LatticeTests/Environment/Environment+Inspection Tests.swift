import Foundation
import Testing
import Lattice
import LatticeTesting

/// `Environment.inspect()` from the app's side: an environment with a fetched, paged list, a
/// retained handle, an optimistic layer pending, a released root and an image says so, value
/// free unless asked; the inspection goes to a file and back, and reads an image read only.
@MainActor @Suite(.hangGuard) struct EnvironmentInspectionTests {
    /// The inspection the test command renders and checks in Chromium
    /// (scripts/lab/check_inspector.sh): this suite's store, value free.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Inspector/inspection.json")
    /// The image of that store, which the test command renders (`lattice inspect --image`).
    static let imageFixture = fixture.deletingLastPathComponent().appendingPathComponent("store.sqlite")

    /// An environment over the pagination document with an image in a fresh folder: IssueList
    /// attached and answered (issues 1 and 2), a second page merged (3 and 4), IssueList with
    /// `first: 5` attached and detached (into the release buffer), and a layer
    /// retitling issue 1.
    static func scene(_ strategy: PhaseStrategy) async throws
        -> (environment: Environment, handle: OperationHandle, image: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-inspect-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = folder.appendingPathComponent("store.sqlite")
        let program = try Program(schema: TestDocuments.schema(),
                                  documents: [GraphQLSource(text: PaginationTests.document, name: "test.graphql")])
        let transport = FixtureTransport(responses: [])
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(strategy: strategy,
                                                           clock: ManualScheduler(now: Date(timeIntervalSince1970: 1_000)),
                                                           image: image))
        let issueList = try #require(program["IssueList"])
        transport.enqueue("IssueList", .respond(PaginationTests.page([1, 2])))
        let handle = environment.attach(issueList)
        await handle.waitForFetch()
        transport.enqueue("IssueList", .respond(PaginationTests.page([3, 4])))
        try await environment.paginate(handle).loadNext(2)
        // The list is the same under other paging variables: the store answers it, unfetched.
        let other = environment.attach(issueList, variables: ["first": .int(5)])
        await other.waitForFetch()
        other.detach()
        _ = environment.store.applyOptimistic({
            var delta = RecordSourceDelta()
            delta.set(FieldState(value: .scalar(.string("Closing…"))), for: FieldKey("title"), on: DataID("I1"))
            return delta
        }())
        return (environment, handle, image)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theInspectionShowsTypesRootsLayersConnectionsTheBufferAndTheImage(_ strategy: PhaseStrategy) async throws {
        let (environment, handle, _) = try await Self.scene(strategy)
        let inspection = withExtendedLifetime(handle) { environment.inspect() }
        #expect(inspection.types.first?.type == "Issue" && inspection.types.first?.records == 4)
        #expect(inspection.types.contains { $0.type == "Repository" && $0.records == 1 })
        #expect(inspection.recordCount == environment.store.source.count)
        let root = try #require(inspection.roots.first)
        #expect(inspection.roots.count == 1)
        #expect(root.operation == "IssueList" && root.kind == "query")
        #expect(root.handles.map(\.phase) == ["ready"])
        #expect(root.handles.map(\.fetch) == ["idle"])
        #expect(inspection.layers.map(\.fields) == [1])
        let connection = try #require(inspection.connections.first)
        #expect(connection.key == "IssueList_issueConnection")
        #expect(connection.edges == 4)
        #expect(connection.pages == 2)
        #expect(connection.hasNextPage && connection.hasEndCursor && !connection.hasPreviousPage)
        #expect(inspection.releaseBuffer.capacity == 10)
        #expect(inspection.releaseBuffer.roots.map(\.operation) == ["IssueList"])
        let image = try #require(inspection.image)
        #expect(image.file == "store.sqlite")
        #expect(image.launches == 1)
    }

    @Test func itIsValueFreeUnlessValuesAreAsked() async throws {
        let (environment, _, _) = try await Self.scene(.shipped)
        let free = environment.inspect()
        let first = try #require(free.releaseBuffer.roots.first?.variables.first { $0.name == "first" })
        #expect(first.kind == "an integer")
        #expect(first.value == nil)
        #expect(free.connections.allSatisfy { $0.id == nil })
        let valued = environment.inspect(includesValues: true)
        #expect(valued.releaseBuffer.roots.first?.variables.first { $0.name == "first" }?.value == "5")
        #expect(valued.connections.first?.id?.contains(":__IssueList_issueConnection") == true)
    }

    @Test func aLayerRevertedAndARootReleasedMoveInTheInspection() async throws {
        let (environment, handle, _) = try await Self.scene(.shipped)
        let layer = try #require(environment.store.optimisticLayers.first)
        environment.store.removeOptimistic(layer)
        handle.detach()
        let inspection = environment.inspect()
        #expect(inspection.layers.isEmpty)
        #expect(inspection.roots.isEmpty)
        #expect(inspection.releaseBuffer.roots.count == 2)
    }

    @Test func aPageShownInALayerCountsOnceCommittedNotAtEveryRebase() async throws {
        let (environment, handle, _) = try await Self.scene(.shipped)
        let issueList = try #require(environment.program["IssueList"])
        let next = try ResponseNormalizer.normalize(PaginationTests.page([5, 6]),
                                                    for: BoundArtifact(issueList, variables: ["after": .string("c4")]))
        func pages() -> Int? { withExtendedLifetime(handle) { environment.inspect().connections.first?.pages } }
        let layer = environment.store.applyOptimistic(next.delta).layer
        // A commit under the layers: the store shows the base again and applies them anew.
        environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string("Renamed"))), for: FieldKey("title"), on: DataID("I2"))
        }
        #expect(environment.inspect().connections.first?.edges == 6)
        #expect(pages() == 2)
        environment.store.removeOptimistic(layer, replacingWith: next.delta)
        #expect(pages() == 3)
    }

    @Test func theInspectionGoesToAFileAndBack() async throws {
        let (environment, handle, image) = try await Self.scene(.shipped)
        let inspection = withExtendedLifetime(handle) { environment.inspect() }
        let file = image.deletingLastPathComponent().appendingPathComponent("inspection.json")
        try inspection.write(to: file)
        #expect(try StoreInspection(json: Data(contentsOf: file)) == inspection)
    }

    /// Set `LATTICE_UPDATE_GENERATED=1` to write the fixtures instead of comparing with them:
    /// the inspection, and the image itself (closed), which the test command renders too.
    @Test func theFixturesTheTestCommandRendersAreThisStoresInspectionAndImage() async throws {
        let (environment, handle, image) = try await Self.scene(.shipped)
        var inspection = withExtendedLifetime(handle) { environment.inspect() }
        await environment.closeImage()
        if ProcessInfo.processInfo.environment["LATTICE_UPDATE_GENERATED"] == "1" {
            try inspection.write(to: Self.fixture)
            try? FileManager.default.removeItem(at: Self.imageFixture)
            try FileManager.default.copyItem(at: image, to: Self.imageFixture)
        }
        let committed = try StoreInspection(json: Data(contentsOf: Self.fixture))
        // The image's size is SQLite's, which differs between platforms' libraries: the rest
        // must be the same bytes.
        inspection.image?.fileBytes = committed.image?.fileBytes ?? 0
        inspection.image?.logBytes = committed.image?.logBytes ?? 0
        #expect(try Data(contentsOf: Self.fixture) == inspection.jsonData(),
                "Tests/Fixtures/Inspector/inspection.json differs: run LATTICE_UPDATE_GENERATED=1 swift test --filter EnvironmentInspection")
        let read = try StoreInspection(image: Self.imageFixture)
        #expect(read.types == inspection.types, "the committed image's records by type")
        #expect(read.connections.map(\.edges) == inspection.connections.map(\.edges))
    }

    @Test func aFileThatIsNoInspectionIsRefusedAtTheMember() throws {
        #expect(throws: StoreInspection.FormatError.self) { try StoreInspection(json: Data("[1]".utf8)) }
        do {
            _ = try StoreInspection(json: Data(#"{"epoch": "one"}"#.utf8))
            Issue.record("a string epoch was taken")
        } catch {
            #expect(error.path == "epoch")
        }
    }

    @Test func theImageIsReadReadOnlyIntoTheSameTypesAndConnections() async throws {
        let (environment, handle, image) = try await Self.scene(.shipped)
        let live = withExtendedLifetime(handle) { environment.inspect() }
        await environment.closeImage()
        let folder = image.deletingLastPathComponent()
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let bytes = try Data(contentsOf: image)
        let read = try StoreInspection(image: image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try Data(contentsOf: image) == bytes)
        // The image holds the base: issue 1 without the layer, the same records and list.
        #expect(read.types.first { $0.type == "Issue" }?.records == 4)
        #expect(read.connections.map(\.edges) == live.connections.map(\.edges))
        #expect(read.connections.first?.pages == nil)
        #expect(read.roots.isEmpty && read.layers.isEmpty)
        #expect(read.image?.launches == 1)
        #expect(read.image?.fileBytes == bytes.count)
        #expect((read.image?.rows ?? 0) > 0)
    }

    @Test func aFileThatIsNoImageIsACorruptErrorAndIsLeftAsItIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-inspect-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("store.sqlite")
        let junk = Data(String(repeating: "not a database ", count: 100).utf8)
        try junk.write(to: file)
        do {
            _ = try StoreInspection(image: file)
            Issue.record("junk read as an image")
        } catch {
            #expect(error.isCorrupt)
        }
        #expect(try Data(contentsOf: file) == junk)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["store.sqlite"])
    }
}
