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

    @Test func reportsTheLatestInvalidationOfTheRecordsReached() throws {
        let store = Store()
        let login = BoundArtifact(artifacts["ViewerLogin"]!)
        try store.commit(GraphQLResponse(data: try .parse(#"{"viewer": {"id": "U1", "login": "ada"}}"#)), for: login)
        #expect(DataChecker.check(login, in: store).latestInvalidation == nil)
        let report = store.commit { $0.invalidate(DataID("U1")) }
        #expect(DataChecker.check(login, in: store) == Availability(status: .available, latestInvalidation: report.epoch))
    }
}

@MainActor
@Suite struct DataCheckerSpecTests {
    /// Every operation is available right after its own `ok` response is committed, including
    /// objects the normalizer typed by their shape (their generated `__typename` never came).
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
