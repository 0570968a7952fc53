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
        query Followers { viewer { login followers(first: 1) { nodes { login } } } }
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
        let store = Store(configuration: .init(releaseBufferSize: 0))
        let (viewer, repo) = try load(store)
        let keepViewer = store.retain(viewer)
        let keepRepo = store.retain(repo)
        #expect(store.collectGarbage().isEmpty)

        store.release(keepRepo)
        // In the order the records were made: the repository, then its issues.
        #expect(store.collectGarbage() == [DataID("R1"), DataID("I1"), DataID("I2")])
        #expect(store.record(DataID("R1")) == nil)
        // The viewer's records, its fragment's client record included, stay.
        #expect(store.record(DataID("U1")) != nil)
        #expect(store.record(DataID.client(parent: DataID("U1"), storageKey: "status")) != nil)
        #expect(DataChecker.check(viewer, in: store).status == .available)

        store.release(keepViewer)
        #expect(store.collectGarbage().count == 2)
        #expect(store.source.ids == [.root])
    }

    /// A user among its own followers links in a cycle (U1 → its connection → U1). When the
    /// store goes, its records go with it; one kept past the store reads as missing, as a
    /// collected one does.
    @Test func aStoreThatGoesAwayTakesItsRecordsWithIt() throws {
        let followers = BoundArtifact(artifacts["Followers"]!)
        weak var user: Record?
        weak var connection: Record?
        let kept: Record
        do {
            let store = Store()
            try store.commit(GraphQLResponse(data: try .parse("""
            {"viewer": {"id": "U1", "login": "ada", "followers": {"nodes": [{"id": "U1", "login": "ada"}]}}}
            """)), for: followers)
            user = store.record(DataID("U1"))
            connection = store.record(DataID.client(parent: DataID("U1"), storageKey: "followers(first:1)"))
            kept = try #require(store.record(.root))
            #expect(user != nil && connection != nil)
        }
        #expect(user == nil)
        #expect(connection == nil)
        #expect(throws: ReadError.self) { try Lens(followers, record: kept).read("viewer") as Lens }
    }

    @Test func theSameOperationWithOtherVariablesDoesNotKeepTheseRecords() throws {
        let store = Store()
        _ = try load(store)
        _ = store.retain(BoundArtifact(artifacts["RepoQuery"]!, variables: ["owner": "someone-else"]))
        #expect(store.collectGarbage().contains(DataID("R1")))
    }
}

extension GarbageCollectionTests {
    @Test func aReleasedRootWaitsInTheBufferUntilLaterReleasesPushItOut() throws {
        let store = Store(configuration: .init(releaseBufferSize: 2))
        let (viewer, repo) = try load(store)
        let followers = BoundArtifact(artifacts["Followers"]!)
        let keepRepo = store.retain(repo)
        let keepViewer = store.retain(viewer)
        let keepFollowers = store.retain(followers)
        #expect(store.release(keepRepo) == nil)
        #expect(store.release(keepViewer) == nil)
        #expect(store.collectGarbage().isEmpty)
        #expect(store.bufferedCount == 2)
        // A third release passes the capacity: the oldest, the repository, leaves.
        #expect(store.release(keepFollowers) === keepRepo)
        // In the order the records were made: the repository, then its issues.
        #expect(store.collectGarbage() == [DataID("R1"), DataID("I1"), DataID("I2")])
        #expect(DataChecker.check(viewer, in: store).status == .available)
        // Releasing twice does nothing.
        #expect(store.release(keepFollowers) == nil)
        #expect(store.bufferedCount == 2)
    }
}

extension GarbageCollectionTests {
    /// A pass removing most of the store makes the source's table again from the records kept;
    /// one removing a few removes them one by one. Either way the kept records are the same
    /// objects, found by their ids, and a later commit writes into them.
    @Test(arguments: [2, 40])
    func whetherFewOrMostRecordsGoTheOthersStayFindable(issues: Int) throws {
        let store = Store(configuration: .init(releaseBufferSize: 0))
        let viewer = BoundArtifact(artifacts["ViewerQuery"]!)
        let repo = BoundArtifact(artifacts["RepoQuery"]!, variables: ["owner": "o"])
        try store.commit(GraphQLResponse(data: try .parse("""
        {"viewer": {"id": "U1", "login": "ada", "status": {"message": "hi"}}}
        """)), for: viewer)
        let list = (1...issues).map { #"{"id": "I\#($0)", "title": "t"}"# }.joined(separator: ", ")
        try store.commit(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R1", "name": "n", "issues": [\(list)]}}
        """)), for: repo)
        _ = store.retain(viewer)
        let keptIDs = [DataID.root, DataID("U1"), DataID.client(parent: DataID("U1"), storageKey: "status")]
        let kept = keptIDs.map { store.record($0) }
        let removed = store.collectGarbage()
        #expect(removed == [DataID("R1")] + (1...issues).map { DataID("I\($0)") }, "in the order the records were made")
        #expect((removed.count > keptIDs.count) == (issues == 40), "one pass removes fewer records than it keeps, the other more")
        #expect(store.source.ids == keptIDs.sorted())
        #expect(zip(keptIDs, kept).allSatisfy { store.record($0) === $1 && $1 != nil })
        #expect(removed.allSatisfy { store.record($0) == nil })
        try store.commit(GraphQLResponse(data: try .parse("""
        {"viewer": {"id": "U1", "login": "grace", "status": {"message": "hi"}}}
        """)), for: viewer)
        #expect(store.source.count == keptIDs.count)
        #expect(try Lens(viewer, record: try #require(store.record(.root))).read("viewer").read("login") as String == "grace")
    }
}

extension GarbageCollectionTests {
    /// The ids a pass removes come in the order their records were made, also when records
    /// made between them stay (their serials then lie far apart and are sorted, not placed).
    @Test func removedIdsComeInTheOrderTheirRecordsWereMade() throws {
        let store = Store(configuration: .init(releaseBufferSize: 0))
        let repo = BoundArtifact(artifacts["RepoQuery"]!, variables: ["owner": "o"])
        let viewer = BoundArtifact(artifacts["ViewerQuery"]!)
        try store.commit(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R1", "name": "n", "issues": [{"id": "I9", "title": "a"}]}}
        """)), for: repo)
        let others = (0..<30).map { BoundArtifact(artifacts["RepoQuery"]!, variables: ["owner": .string("kept\($0)")]) }
        for (index, other) in others.enumerated() {
            try store.commit(GraphQLResponse(data: try .parse("""
            {"repository": {"id": "K\(index)", "name": "n", "issues": []}}
            """)), for: other)
        }
        let kept = others.map { store.retain($0) }
        try store.commit(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R1", "name": "n", "issues": [{"id": "I9", "title": "a"}, {"id": "I1", "title": "b"}]}}
        """)), for: repo)
        try store.commit(GraphQLResponse(data: try .parse("""
        {"viewer": {"id": "U1", "login": "ada", "status": {"message": "hi"}}}
        """)), for: viewer)
        #expect(store.collectGarbage() == [DataID("R1"), DataID("I9"), DataID("I1"), DataID("U1"),
                                           DataID.client(parent: DataID("U1"), storageKey: "status")])
        #expect(kept.count == 30 && store.record(DataID("K29")) != nil)
    }
}
