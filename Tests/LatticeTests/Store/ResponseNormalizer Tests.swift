import Testing
@testable import Lattice

@MainActor
@Suite struct ResponseNormalizerTests {
    let artifacts: [String: Artifact]

    init() throws {
        artifacts = try TestDocuments.compile("""
        query RepoQuery($owner: String!, $name: String!) {
          repository(owner: $owner, name: $name) {
            name
            owner { login ... on User { name } }
            issues(first: 2) { number title author { login } tags }
          }
        }
        """)
    }

    func bound(_ name: String, _ variables: [String: JSONValue] = ["owner": "o", "name": "n"]) -> BoundArtifact {
        BoundArtifact(artifacts[name]!, variables: variables)
    }

    static let data = """
    {"repository": {"id": "R1", "name": "lattice",
      "owner": {"__typename": "User", "id": "U1", "login": "ada", "name": "Ada"},
      "issues": [
        {"id": "I1", "number": 1, "title": "One", "author": {"__typename": "User", "id": "U1", "login": "ada"}, "tags": ["a"]},
        null
      ]}}
    """

    @Test func writesRecordsByGlobalIdAndRootByStorageKey() throws {
        let store = Store()
        let response = GraphQLResponse(data: try .parse(Self.data))
        let result = try store.commit(response, for: bound("RepoQuery"))
        #expect(result.unplacedErrors.isEmpty)
        let snapshot = store.snapshot()
        #expect(snapshot.records[.root]?["repository(name:\"n\",owner:\"o\")"]?.value == .link(DataID("R1")))
        #expect(snapshot.records[DataID("R1")]?["issues(first:2)"]?.value == .links([DataID("I1"), nil]))
        #expect(snapshot.records[DataID("U1")]?["name"]?.value == .scalar("Ada"))
        #expect(snapshot.records[DataID("U1")]?["__typename"]?.value == .scalar("User"))
        #expect(snapshot.records[DataID("I1")]?["__typename"]?.value == .scalar("Issue"))
    }

    @Test func readsBackTheResponseData() throws {
        let store = Store()
        let data = try JSONValue.parse(Self.data)
        try store.commit(GraphQLResponse(data: data), for: bound("RepoQuery"))
        let read = StoreReader.read(bound("RepoQuery"), root: store.record(.root)!)
        #expect(read.missing.isEmpty)
        #expect(read.verdict == .fine)
        #expect(read.data == (try JSONValue.parse("""
        {"repository": {"name": "lattice", "owner": {"login": "ada", "name": "Ada"},
          "issues": [{"number": 1, "title": "One", "author": {"login": "ada"}, "tags": ["a"]}, null]}}
        """)))
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}
