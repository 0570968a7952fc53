import Testing
@testable import Lattice

@MainActor
@Suite struct ErrorPlacementTests {
    let bound: BoundArtifact

    init() throws {
        let artifacts = try TestDocuments.compile("""
        query RepoQuery {
          repository(owner: "o", name: "n") {
            name
            issue(number: 1) { title body milestone { title } }
            issues(first: 2) { title tags }
          }
        }
        """)
        bound = BoundArtifact(artifacts["RepoQuery"]!)
    }

    func commit(_ data: String, _ errors: [GraphQLError]) throws -> (Store, ResponseCommit) {
        let store = Store()
        let result = try store.commit(GraphQLResponse(data: try .parse(data), errors: errors), for: bound)
        return (store, result)
    }

    func errors(_ store: Store, _ id: String, _ key: String) -> [GraphQLError]? {
        store.record(DataID(id))?.field(FieldKey(key))?.errors
    }

    static let repository = "repository(name:\"n\",owner:\"o\")"

    @Test func anErrorAtANullFieldIsStoredBesideIt() throws {
        let error = GraphQLError(message: "boom", path: [.key("repository"), .key("issue"), .key("body")])
        let (store, result) = try commit("""
        {"repository": {"id": "R", "name": "n", "issue": {"id": "I1", "title": "t", "body": null, "milestone": null},
          "issues": []}}
        """, [error])
        #expect(result.unplacedErrors.isEmpty)
        #expect(errors(store, "I1", "body") == [error])
        #expect(errors(store, "I1", "title") == nil)
        #expect(errors(store, "I1", "milestone") == nil)
    }

    @Test func anErrorInsideANulledFieldIsStoredAtTheNulledField() throws {
        // The server nulled `issue` because a non-null field below it failed.
        let error = GraphQLError(message: "boom", path: [.key("repository"), .key("issue"), .key("title")])
        let (store, result) = try commit("""
        {"repository": {"id": "R", "name": "n", "issue": null, "issues": []}}
        """, [error])
        #expect(result.unplacedErrors.isEmpty)
        #expect(errors(store, "R", "issue(number:1)") == [error])
    }

    @Test func anErrorAtANullListItemIsStoredAtTheListField() throws {
        let error = GraphQLError(message: "gone", path: [.key("repository"), .key("issues"), .index(1)])
        let tagError = GraphQLError(message: "tag", path: [.key("repository"), .key("issues"), .index(0),
                                                            .key("tags"), .index(1)])
        let (store, result) = try commit("""
        {"repository": {"id": "R", "name": "n", "issue": null, "issues": [{"id": "I1", "title": "t", "tags": ["a", null]}, null]}}
        """, [error, tagError])
        #expect(result.unplacedErrors.isEmpty)
        #expect(errors(store, "R", "issues(first:2)") == [error])
        #expect(errors(store, "I1", "tags") == [tagError])
    }

    @Test func errorsLeadingToNoWrittenFieldAreUnplaced() throws {
        let nowhere = GraphQLError(message: "nowhere", path: [.key("repository"), .key("wiki")])
        let atValue = GraphQLError(message: "at a value", path: [.key("repository"), .key("name")])
        let request = GraphQLError(message: "no path")
        let (store, result) = try commit("""
        {"repository": {"id": "R", "name": "n", "issue": null, "issues": []}}
        """, [nowhere, atValue, request])
        #expect(result.unplacedErrors == [nowhere, atValue, request])
        #expect(errors(store, "R", "name") == nil)
    }

    @Test func aLaterGoodWriteClearsTheError() throws {
        let error = GraphQLError(message: "boom", path: [.key("repository"), .key("issue"), .key("body")])
        let (store, _) = try commit("""
        {"repository": {"id": "R", "name": "n", "issue": {"id": "I1", "title": "t", "body": null, "milestone": null}, "issues": []}}
        """, [error])
        let changes = try store.commit(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R", "name": "n", "issue": {"id": "I1", "title": "t", "body": "fine", "milestone": null}, "issues": []}}
        """)), for: bound).changes
        #expect(errors(store, "I1", "body") == nil)
        #expect(store.record(DataID("I1"))?.field(FieldKey("body"))?.value == .scalar("fine"))
        #expect(changes.changedFields == [FieldRef(record: store.record(DataID("I1"))!.serial, key: FieldKey("body"))])
    }
}
