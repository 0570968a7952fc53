import Testing
@testable import Lattice

/// Where the normalizer puts an object: an identified type's record is its `id`'s, which the
/// response must carry; a type without `id: ID!` has no identity, and its record is the one
/// at its place (`client:<parent>:<storage key>[:<index>]`), whatever the field linked before.
@MainActor
@Suite struct ResponseNormalizerIdentityTests {
    /// A feed whose items are of an identified type (Post) or not (Notice).
    static let schemaSDL = """
    type Query { feed: [FeedItem] pinned: FeedItem }
    union FeedItem = Post | Notice
    type Post { id: ID! title: String }
    type Notice { text: String }
    """

    let feed: BoundArtifact
    let pinned: BoundArtifact

    init() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "feed.graphql")])
        let artifacts = try Compiler.compile(sources: [GraphQLSource(text: """
        query Feed { feed { ... on Post { title } ... on Notice { text } } }
        query Pinned { pinned { ... on Post { title } ... on Notice { text } } }
        """, name: "feed-queries.graphql")], schema: schema)
        feed = BoundArtifact(try #require(artifacts["Feed"]))
        pinned = BoundArtifact(try #require(artifacts["Pinned"]))
    }

    func commit(_ json: String, for bound: BoundArtifact, to store: Store) throws {
        try store.commit(GraphQLResponse(data: try .parse(json)), for: bound)
    }

    /// Relay's keys: the `client:` prefix once, whatever the depth.
    @Test(arguments: [
        (DataID.root, "pinned", nil, "client:root:pinned"),
        (DataID.root, "feed", 3, "client:root:feed:3"),
        (DataID("client:root:feed:3"), "author", nil, "client:root:feed:3:author"),
        (DataID("P1"), "status", nil, "client:P1:status"),
        (DataID("P1"), "tags", 0, "client:P1:tags:0"),
    ] as [(DataID, String, Int?, String)])
    func aClientKeyHasOnePrefix(parent: DataID, storageKey: String, index: Int?, key: String) {
        #expect(DataID.client(parent: parent, storageKey: storageKey, index: index).rawValue == key)
    }

    @Test func anObjectWithoutIdentityAtTheRootIsKeyedWithOnePrefix() throws {
        let store = Store()
        try commit(#"{"pinned": {"__typename": "Notice", "text": "hi"}}"#, for: pinned, to: store)
        #expect(store.snapshot().records.keys.map(\.rawValue).sorted() == ["client:root", "client:root:pinned"])
    }

    /// The fallback that reused the previous link wrote the notice into the post's record
    /// (its `__typename` included); the notice now gets its own record.
    @Test func anObjectWithoutIdentityNeverTakesOverTheRecordItsListItemLinkedBefore() throws {
        let store = Store()
        try commit(#"{"feed": [{"__typename": "Post", "id": "P1", "title": "Hello"}]}"#, for: feed, to: store)
        try commit(#"{"feed": [{"__typename": "Notice", "text": "Maintenance tonight"}]}"#, for: feed, to: store)
        let records = store.snapshot().records
        let notice = DataID.client(parent: .root, storageKey: "feed", index: 0)
        #expect(records[.root]?["feed"]?.value == .links([notice]))
        #expect(records[notice]?["text"]?.value == .scalar("Maintenance tonight"))
        #expect(records[notice]?["__typename"]?.value == .scalar("Notice"))
        #expect(records[DataID("P1")]?["__typename"]?.value == .scalar("Post"))
        #expect(records[DataID("P1")]?["title"]?.value == .scalar("Hello"))
        #expect(records[DataID("P1")]?["text"] == nil)
    }

    @Test func anObjectWithoutIdentityNeverTakesOverTheRecordItsFieldLinkedBefore() throws {
        let store = Store()
        try commit(#"{"pinned": {"__typename": "Post", "id": "P1", "title": "Hello"}}"#, for: pinned, to: store)
        try commit(#"{"pinned": {"__typename": "Notice", "text": "Maintenance tonight"}}"#, for: pinned, to: store)
        let records = store.snapshot().records
        let notice = DataID.client(parent: .root, storageKey: "pinned", index: nil)
        #expect(records[.root]?["pinned"]?.value == .link(notice))
        #expect(records[DataID("P1")]?["__typename"]?.value == .scalar("Post"))
        #expect(records[DataID("P1")]?["text"] == nil)
    }

    /// The same place gives the same record, response after response.
    @Test func anObjectWithoutIdentityKeepsTheRecordOfItsPlace() throws {
        let store = Store()
        try commit(#"{"feed": [{"__typename": "Notice", "text": "one"}]}"#, for: feed, to: store)
        try commit(#"{"feed": [{"__typename": "Notice", "text": "two"}]}"#, for: feed, to: store)
        let notice = DataID.client(parent: .root, storageKey: "feed", index: 0)
        #expect(store.snapshot().records[notice]?["text"]?.value == .scalar("two"))
    }

    /// An identified member sent without its `id` (which the runtime asked for) is refused,
    /// and nothing of the response is written.
    @Test func anIdentifiedMemberWithoutItsIdIsRefusedAtThatPath() throws {
        let store = Store()
        try commit(#"{"feed": [{"__typename": "Notice", "text": "one"}]}"#, for: feed, to: store)
        let before = store.snapshot()
        #expect(throws: NormalizeError.missingField(path: "feed.1.id")) {
            try commit(#"{"feed": [{"__typename": "Notice", "text": "two"}, {"__typename": "Post", "title": "Hi"}]}"#,
                       for: feed, to: store)
        }
        #expect(store.snapshot() == before)
    }
}
