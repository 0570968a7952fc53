import Testing
@testable import Lattice

@MainActor
@Suite struct ThrowOnFieldErrorTests {
    let artifacts: [String: Artifact]
    /// Keeps the stores `load` fills, whose root records the tests read.
    let stores = StoreKeeper()

    init() throws {
        artifacts = try TestDocuments.compile("""
        query Own @throwOnFieldError { viewer { login bio } }
        query SpreadOnly @throwOnFieldError { viewer { ...Bio_user } }
        fragment Bio_user on User @throwOnFieldError { bio }
        query Lenient { viewer { login bio } }
        """)
    }

    static let bioError = GraphQLError(message: "bio failed", path: [.key("viewer"), .key("bio")])

    func load(_ name: String) throws -> (BoundArtifact, Record, Store) {
        let store = stores.make()
        let bound = BoundArtifact(artifacts[name]!)
        try store.commit(GraphQLResponse(data: try .parse(#"{"viewer": {"id": "U1", "login": "ada", "bio": null}}"#),
                                         errors: [Self.bioError]), for: bound)
        return (bound, store.record(.root)!, store)
    }

    func verdict(_ bound: BoundArtifact, _ root: Record) -> Verdict {
        var tracking = UntrackedReads()
        return Verdict.evaluate(bound, root: root, tracking: &tracking)
    }

    @Test func anErrorInTheOwnSelectionFailsTheDocument() throws {
        let (bound, root, _) = try load("Own")
        #expect(verdict(bound, root) == .fieldErrors([Self.bioError]))
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(throws: ReadError.fieldErrors(record: DataID("U1"), field: "bio", [Self.bioError])) {
            try viewer.read("bio") as String?
        }
    }

    @Test func anErrorInsideASpreadIsTheFragments() throws {
        let (bound, root, store) = try load("SpreadOnly")
        #expect(verdict(bound, root) == .fine)
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        let bio = try #require(try viewer.fragment("Bio_user"))
        #expect(throws: ReadError.fieldErrors(record: DataID("U1"), field: "bio", [Self.bioError])) {
            try bio.read("bio") as String?
        }
        let fragment = bound.fragment(artifacts["Bio_user"]!)
        #expect(verdict(fragment, store.record(DataID("U1"))!) == .fieldErrors([Self.bioError]))
    }

    @Test func withoutTheDirectiveAnErrorReadsAsNull() throws {
        let (bound, root, _) = try load("Lenient")
        #expect(!bound.artifact.needsVerdictWalk)
        #expect(verdict(bound, root) == .fine)
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(try viewer.read("bio") as String? == nil)
    }

    @Test func missingDataInTheOwnSelectionFailsTheDocument() throws {
        let (bound, root, store) = try load("Own")
        // The viewer now links to a record of which nothing was received.
        store.commit { $0.set(FieldState(value: .link(DataID("U2"))), for: FieldKey("viewer"), on: .root) }
        #expect(verdict(bound, root) == .missingData(path: [.key("viewer"), .key("login")]))
    }

    @Test func aDeletedRecordIsNullNotMissingData() throws {
        let (bound, root, store) = try load("Own")
        store.commit { $0.delete(DataID("U1")) }
        #expect(verdict(bound, root) == .fine)
    }
}
