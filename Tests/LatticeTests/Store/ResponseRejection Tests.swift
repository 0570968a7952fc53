import Testing
@testable import Lattice

@MainActor
@Suite struct ResponseRejectionTests {
    let bound: BoundArtifact
    let good = """
    {"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "U1", "login": "ada"},
      "issues": [{"id": "I1", "number": 1, "tags": ["a"]}]}}
    """

    init() throws {
        let artifacts = try TestDocuments.compile("""
        query RepoQuery { repository(owner: "o", name: "n") { name owner { login } issues { number tags } } }
        """)
        bound = BoundArtifact(artifacts["RepoQuery"]!)
    }

    nonisolated static let cases: [(data: String, error: NormalizeError)] = [
        (#"{"repository": {"id": "R", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": []}}"#,
         .missingField(path: "repository.name")),
        (#"{"repository": {"id": "R", "name": "n", "owner": "ada", "issues": []}}"#,
         .expectedObject(path: "repository.owner", found: "a string")),
        // The `id` and `__typename` the compiler added are selected fields like the others:
        // the runtime sends them, so an answer without one does not answer the sent document.
        (#"{"repository": {"id": "R", "name": "n", "owner": {"id": "U2", "login": "x"}, "issues": []}}"#,
         .missingField(path: "repository.owner.__typename")),
        (#"{"repository": {"name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": []}}"#,
         .missingField(path: "repository.id")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "login": "x"}, "issues": []}}"#,
         .missingField(path: "repository.owner.id")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": [{"id": "I1", "number": 1, "tags": []}, {"number": 2, "tags": []}]}}"#,
         .missingField(path: "repository.issues.1.id")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": null, "id": "U2", "login": "x"}, "issues": []}}"#,
         .scalarMismatch(path: "repository.owner.__typename", expected: "String", found: "null")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": null, "login": "x"}, "issues": []}}"#,
         .missingID(path: "repository.owner")),
        (#"{"repository": {"id": "R", "name": ["n"], "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": []}}"#,
         .unexpectedList(path: "repository.name")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": {"id": "I1"}}}"#,
         .expectedList(path: "repository.issues", found: "an object")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": [{"id": "I1", "number": "one", "tags": []}]}}"#,
         .scalarMismatch(path: "repository.issues.0.number", expected: "Int", found: "a string")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": [{"id": "I1", "number": 1, "tags": "a"}]}}"#,
         .expectedList(path: "repository.issues.0.tags", found: "a string")),
        // Server data may not reach into the store's own namespace, or name an impossible type.
        (#"{"repository": {"id": "client:root", "name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": []}}"#,
         .clientID(path: "repository", id: "client:root")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "client:root:repository", "login": "x"}, "issues": []}}"#,
         .clientID(path: "repository.owner", id: "client:root:repository")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "Label", "id": "L1", "login": "x"}, "issues": []}}"#,
         .impossibleTypename(path: "repository.owner", typename: "Label", type: "Actor")),
        (#"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "User", "id": "U2", "login": "x"}, "issues": [{"__typename": "User", "id": "I1", "number": 1, "tags": []}]}}"#,
         .impossibleTypename(path: "repository.issues.0", typename: "User", type: "Issue")),
    ]

    @Test(arguments: cases.indices)
    func aResponseThatDoesNotFitIsRejectedAndTheStoreIsUnchanged(_ index: Int) throws {
        let store = Store()
        try store.commit(GraphQLResponse(data: try .parse(good)), for: bound)
        let before = store.snapshot()
        let epoch = store.epoch
        let (data, expected) = Self.cases[index]
        #expect(throws: expected) {
            try store.commit(GraphQLResponse(data: try .parse(data)), for: bound)
        }
        #expect(store.snapshot() == before)
        #expect(store.epoch == epoch)
    }

    @Test func aResponseWithoutDataIsARequestError() throws {
        let store = Store()
        let errors = [GraphQLError(message: "forbidden")]
        #expect(throws: NormalizeError.noData(errors: errors)) {
            try store.commit(GraphQLResponse(data: .null, errors: errors), for: bound)
        }
        #expect(store.snapshot() == Store().snapshot())
    }

    @Test func aTypenameNoDocumentKnowsIsRefusedWithoutBeingInterned() throws {
        let name = "TypenameNoDocumentDeclares"
        let data = #"{"repository": {"id": "R", "name": "n", "owner": {"__typename": "\#(name)", "id": "U2", "login": "x"}, "issues": []}}"#
        #expect(throws: NormalizeError.impossibleTypename(path: "repository.owner", typename: name, type: "Actor")) {
            try Store().commit(GraphQLResponse(data: try .parse(data)), for: bound)
        }
        #expect(TypeKey(existing: name) == nil, "a server's names do not grow the process-wide table")
        #expect(TypeKey(existing: "User") != nil)
    }

    @Test(arguments: [(JSONValue.string("a string"), "a string"), (.array([]), "a list"), (.int(1), "an integer")])
    func dataOfAnotherKindIsNamedAsSuch(data: JSONValue, kind: String) throws {
        let store = Store()
        #expect(throws: NormalizeError.dataNotAnObject(found: kind)) {
            try store.commit(GraphQLResponse(data: data), for: bound)
        }
        #expect(NormalizeError.dataNotAnObject(found: kind).description == "data: expected an object, found \(kind)")
        #expect(store.snapshot() == Store().snapshot())
    }
}
