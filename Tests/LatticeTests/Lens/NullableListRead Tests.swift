import Testing
@testable import Lattice

/// A null nullable list of objects reads as the optional of each list read, as
/// docs/runtime-api.md says ("`[Lens]`, `[Lens?]`, and the optional of each"), by key and by
/// position alike (issue 36: every keyed list read threw `unexpectedNull` on a null list).
@MainActor
@Suite struct NullableListReadTests {
    let bound: BoundArtifact
    let store = Store()

    init() throws {
        let artifacts = try TestDocuments.compile("""
        query LabelsQuery { node(id: "I1") { ... on Issue { labels { name } } } }
        """)
        bound = BoundArtifact(try #require(artifacts["LabelsQuery"]))
        try commit(labels: "null")
    }

    func commit(labels: String) throws {
        try store.commit(GraphQLResponse(data: try .parse("""
        {"node": {"__typename": "Issue", "id": "I1", "labels": \(labels)}}
        """)), for: bound)
    }

    var issue: Lens {
        get throws {
            let root = try #require(store.record(.root))
            return try #require(try Lens(bound, record: root).read("node") as Lens?)
        }
    }

    @Test func aNullListReadsAsNilThroughTheOptionalReads() throws {
        let issue = try issue
        #expect(try issue.read("labels") as [Lens]? == nil)
        #expect(try issue.read("labels") as [Lens?]? == nil)
    }

    @Test func aNullListStillThrowsThroughTheNonNullReads() throws {
        let issue = try issue
        #expect(throws: ReadError.unexpectedNull(record: DataID("I1"), field: "labels")) {
            try issue.read("labels") as [Lens]
        }
        #expect(throws: ReadError.unexpectedNull(record: DataID("I1"), field: "labels")) {
            try issue.read("labels") as [Lens?]
        }
    }

    /// Optional chaining picks the nullable read, as it does for scalars and objects.
    @Test func optionalChainingChoosesTheNullableRead() throws {
        let issue: Lens? = try issue
        let labels: [Lens]? = try issue?.read("labels")
        #expect(labels == nil)
        let withNulls: [Lens?]? = try issue?.read("labels")
        #expect(withNulls == nil)
    }

    @Test func aPresentListReadsItsItemsThroughTheOptionalReads() throws {
        try commit(labels: #"[{"id": "L1", "name": "bug"}]"#)
        let issue = try issue
        let labels = try #require(try issue.read("labels") as [Lens]?)
        #expect(try labels.map { try $0.read("name") as String } == ["bug"])
        let withNulls = try #require(try issue.read("labels") as [Lens?]?)
        #expect(withNulls.map { $0?.id } == [DataID("L1")])
    }

    @Test func aNullItemStillThrowsThroughTheReadOfPresentItems() throws {
        try commit(labels: #"[{"id": "L1", "name": "bug"}]"#)
        store.commit { $0.delete(DataID("L1")) }
        let issue = try issue
        #expect(throws: ReadError.unexpectedNull(record: DataID("I1"), field: "labels")) {
            try issue.read("labels") as [Lens]?
        }
        #expect(try issue.read("labels") as [Lens?]? == [nil])
    }
}
