import Testing
@testable import Lattice

@MainActor
@Suite struct GarbageCollectionTests {
    let artifacts: [String: Artifact]

    init() throws {
        artifacts = try TestDocuments.compile("""
        query ViewerQuery { viewer { login ...Status_user } }
        fragment Status_user on User { status { message } }
        query RepoQuery($owner: String!) { repository(owner: $owner, name: "n") { name issues { title } } }
        """)
    }

    func load(_ store: Store) throws -> (viewer: BoundArtifact, repo: BoundArtifact) {
        let viewer = BoundArtifact(artifacts["ViewerQuery"]!)
        let repo = BoundArtifact(artifacts["RepoQuery"]!, variables: ["owner": "o"])
        try store.commit(GraphQLResponse(data: try .parse("""
        {"viewer": {"id": "U1", "login": "ada", "status": {"message": "hi"}}}
        """)), for: viewer)
        try store.commit(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R1", "name": "n", "issues": [{"id": "I1", "title": "a"}, {"id": "I2", "title": "b"}]}}
        """)), for: repo)
        return (viewer, repo)
    }

    @Test func collectionKeepsRetainedAndDropsReleased() throws {
        let store = Store()
        let (viewer, repo) = try load(store)
        let keepViewer = store.retain(viewer)
        let keepRepo = store.retain(repo)
        #expect(store.collectGarbage().isEmpty)

        store.release(keepRepo)
        #expect(store.collectGarbage() == [DataID("I1"), DataID("I2"), DataID("R1")])
        #expect(store.record(DataID("R1")) == nil)
        // The viewer's records, its fragment's client record included, stay.
        #expect(store.record(DataID("U1")) != nil)
        #expect(store.record(DataID.client(parent: DataID("U1"), storageKey: "status")) != nil)
        #expect(DataChecker.check(viewer, in: store).status == .available)

        store.release(keepViewer)
        #expect(store.collectGarbage().count == 2)
        #expect(store.source.ids == [.root])
    }

    @Test func theSameOperationWithOtherVariablesDoesNotKeepTheseRecords() throws {
        let store = Store()
        _ = try load(store)
        _ = store.retain(BoundArtifact(artifacts["RepoQuery"]!, variables: ["owner": "someone-else"]))
        #expect(store.collectGarbage().contains(DataID("R1")))
    }
}
