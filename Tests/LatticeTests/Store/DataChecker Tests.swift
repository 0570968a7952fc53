import Testing
@testable import Lattice

@MainActor
@Suite struct DataCheckerTests {
    let artifacts: [String: Artifact]

    init() throws {
        artifacts = try TestDocuments.compile("""
        query ViewerQuery { viewer { login ...Bio_user } }
        query ViewerLogin { viewer { login } }
        fragment Bio_user on User { bio }
        """)
    }

    @Test func availableOnlyWhenEveryFieldSpreadsIncludedWasReceived() throws {
        let store = Store()
        let full = BoundArtifact(artifacts["ViewerQuery"]!)
        let login = BoundArtifact(artifacts["ViewerLogin"]!)
        #expect(DataChecker.check(full, in: store).status == .missing)
        try store.commit(GraphQLResponse(data: try .parse(#"{"viewer": {"id": "U1", "login": "ada"}}"#)), for: login)
        #expect(DataChecker.check(login, in: store).status == .available)
        // The fragment's `bio` was never received.
        #expect(DataChecker.check(full, in: store).status == .missing)
        try store.commit(GraphQLResponse(data: try .parse(#"{"viewer": {"id": "U1", "login": "ada", "bio": null}}"#)), for: full)
        #expect(DataChecker.check(full, in: store).status == .available)
    }

    /// The `id` and `__typename` the compiler adds are needed like the written fields: a
    /// record a local update made without them does not hold what the operation needs.
    @Test func anAddedFieldNeverReceivedIsMissing() throws {
        let store = Store()
        let login = BoundArtifact(artifacts["ViewerLogin"]!)
        store.commit { delta in
            delta.set(FieldState(value: .link(DataID("U1"))), for: FieldKey("viewer"), on: .root)
            delta.set(FieldState(value: .scalar("ada")), for: FieldKey("login"), on: DataID("U1"))
        }
        #expect(DataChecker.check(login, in: store).status == .missing)
        store.commit { $0.set(FieldState(value: .scalar("U1")), for: .id, on: DataID("U1")) }
        #expect(DataChecker.check(login, in: store).status == .available)
    }

    @Test func reportsTheLatestInvalidationOfTheRecordsReached() throws {
        let store = Store()
        let login = BoundArtifact(artifacts["ViewerLogin"]!)
        try store.commit(GraphQLResponse(data: try .parse(#"{"viewer": {"id": "U1", "login": "ada"}}"#)), for: login)
        #expect(DataChecker.check(login, in: store).latestInvalidation == nil)
        let changes = store.commit { $0.invalidate(DataID("U1")) }
        #expect(DataChecker.check(login, in: store) == Availability(status: .available, latestInvalidation: changes.epoch))
    }
}

@MainActor
@Suite struct DataCheckerSpecTests {
    /// Every operation is available right after its own `ok` response is committed: the
    /// response answers the sent text, so it holds the `id` and `__typename` the compiler added.
    @Test(arguments: SpecFixtures.responses().filter { $0.file.hasSuffix(".ok.json") })
    func anOperationIsAvailableAfterItsOwnResponse(_ fixture: SpecFixtures.Response) throws {
        let artifacts = try SpecFixtures.artifacts()
        let bound = BoundArtifact(try #require(artifacts[fixture.operation]), variables: fixture.variables)
        let store = Store()
        #expect(DataChecker.check(bound, in: store).status == .missing)
        try store.commit(fixture.response, for: bound)
        #expect(DataChecker.check(bound, in: store).status == .available)
    }
}
