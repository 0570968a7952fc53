import Testing
@testable import Lattice

@MainActor
@Suite struct TrackedReadTests {
    let artifacts: [String: Artifact]
    let store = Store()

    init() throws {
        artifacts = try TestDocuments.compile("""
        query ViewerQuery @throwOnFieldError { viewer { login name bio ...Status_user } }
        fragment Status_user on User { status { message } }
        """)
        try store.commit(GraphQLResponse(data: try .parse("""
        {"viewer": {"id": "U1", "login": "ada", "name": "Ada", "bio": "b", "status": {"message": "hi"}}}
        """)), for: bound)
    }

    var bound: BoundArtifact { BoundArtifact(artifacts["ViewerQuery"]!) }

    func write(_ key: String, _ value: FieldValue, on id: String = "U1") {
        store.commit { $0.set(FieldState(value: value), for: FieldKey(key), on: DataID(id)) }
    }

    @Test func aTrackedReadRegistersExactlyTheFieldsItRead() throws {
        let viewer: Lens = try Lens(bound, record: store.record(.root)!).read("viewer")
        let body = ChangeCounter.track { _ = try? viewer.read("login") as String }
        write("name", .scalar("Other"))
        write("bio", .null)
        #expect(!body.fired)
        write("login", .scalar("grace"))
        #expect(body.value == 1)
    }

    @Test func aLensReadOutsideAScopeRegistersNothing() throws {
        let viewer: Lens = try Lens(bound, record: store.record(.root)!).read("viewer")
        _ = try viewer.read("login") as String
        let body = ChangeCounter.track {}
        write("login", .scalar("grace"))
        #expect(!body.fired)
    }

    @Test func theVerdictWalkReadsOnlyTheOwnSelectionInEachMode() throws {
        let root = store.record(.root)!
        let user = store.record(DataID("U1"))!
        let ownFields: Set<FieldRef> = [
            FieldRef(record: root.serial, key: FieldKey("viewer")),
            FieldRef(record: user.serial, key: FieldKey("login")),
            FieldRef(record: user.serial, key: FieldKey("name")),
            FieldRef(record: user.serial, key: FieldKey("bio")),
            // Following the link reads whether the viewer's record exists (deleted: null).
            FieldRef(record: user.serial, key: .recordType),
        ]
        var recorded = RecordedReads()
        #expect(Verdict.evaluate(bound, root: root, tracking: &recorded) == .fine)
        #expect(recorded.fields == ownFields)

        var tracked = TrackedReads()
        let derived = ChangeCounter.track { _ = Verdict.evaluate(bound, root: root, tracking: &tracked) }
        var untracked = UntrackedReads()
        let stored = ChangeCounter.track { _ = Verdict.evaluate(bound, root: root, tracking: &untracked) }
        // A field inside the spread is the fragment's: changing it re-runs nobody.
        write("status", .null)
        #expect(!derived.fired)
        write("bio", .scalar("changed"))
        #expect(derived.value == 1)
        #expect(!stored.fired)
    }
}
