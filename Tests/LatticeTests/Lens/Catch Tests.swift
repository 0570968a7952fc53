import Testing
@testable import Lattice

@MainActor
@Suite struct CatchTests {
    let artifacts: [String: Artifact]
    /// Keeps the stores `load` fills, whose root records the tests read.
    let stores = StoreKeeper()
    static let bioError = GraphQLError(message: "bio failed", path: [.key("viewer"), .key("bio")])
    static let statusError = GraphQLError(message: "status failed", path: [.key("viewer"), .key("status"), .key("message")])

    init() throws {
        artifacts = try TestDocuments.compile("""
        query ToResult @throwOnFieldError { viewer { login bio @catch(to: RESULT) status @catch { message } } }
        query ToNull @throwOnFieldError { viewer { login bio @catch(to: NULL) status @catch(to: NULL) { message } } }
        """)
    }

    func load(_ name: String) throws -> (BoundArtifact, Record) {
        let store = stores.make()
        let bound = BoundArtifact(artifacts[name]!)
        try store.commit(GraphQLResponse(data: try .parse("""
        {"viewer": {"id": "U1", "login": "ada", "bio": null, "status": {"message": null}}}
        """), errors: [Self.bioError, Self.statusError]), for: bound)
        return (bound, store.record(.root)!)
    }

    func verdict(_ bound: BoundArtifact, _ root: Record) -> Verdict {
        var tracking = UntrackedReads()
        return Verdict.evaluate(bound, root: root, tracking: &tracking)
    }

    @Test func resultTurnsErrorsIntoAValue() throws {
        let (bound, root) = try load("ToResult")
        #expect(verdict(bound, root) == .fine)
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(try viewer.caught("bio") as CatchResult<String?> == .failure([Self.bioError]))
        guard case .failure(let errors) = try viewer.caught("status") else {
            Issue.record("expected the caught status to fail")
            return
        }
        #expect(errors == [Self.statusError])
        #expect(StoreReader.read(bound, root: root).data == (try .parse("""
        {"viewer": {"login": "ada",
          "bio": {"ok": false, "errors": [{"message": "bio failed", "path": ["viewer", "bio"]}]},
          "status": {"ok": false, "errors": [{"message": "status failed", "path": ["viewer", "status", "message"]}]}}}
        """)))
    }

    @Test func nullTurnsErrorsIntoNull() throws {
        let (bound, root) = try load("ToNull")
        #expect(verdict(bound, root) == .fine)
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(try viewer.read("bio") as String? == nil)
        #expect(try viewer.read("status") as Lens? == nil)
        #expect(StoreReader.read(bound, root: root).data == (try .parse(#"{"viewer": {"login": "ada", "bio": null, "status": null}}"#)))
    }
}
