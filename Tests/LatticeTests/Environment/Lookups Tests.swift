import Foundation
import Testing
@testable import Lattice
import LatticeTesting

/// Lookups (`Lookups`, `LookupAnswers`) over a small schema whose `Query.book(id:)` returns a
/// `Book` and whose `Query.node(id:)` any `Node`: each bad configuration's located error, a
/// lookup answered (by a variable or a literal), one whose record lacks a selected field, and
/// one naming a record of another type, refused at its path. Requests are counted by the
/// fixture transport.
@MainActor
struct LookupsTests {
    static let schemaSDL = """
    interface Node { id: ID! }
    type Book implements Node { id: ID! title: String! pages: Int }
    type Author implements Node { id: ID! name: String! }
    type Price { amount: Int }
    type Query {
      node(id: ID!): Node
      book(id: ID!, locale: String): Book
      books: [Book!]!
      shelf(id: ID!): [Book]
      title(id: ID!): String
      price(id: ID!): Price
      author(name: String!): Author
    }
    """

    static let documents = """
    query Shelf { books { id title } }
    query BookByID($id: ID!) { book(id: $id) { title } }
    query BookLiteral { book(id: "B1", locale: "fr") { title } }
    query BookPages($id: ID!) { book(id: $id) { title pages } }
    query NodeTitle($id: ID!) { node(id: $id) { id ... on Book { title } } }
    query AuthorNode { node(id: "A1") { id ... on Author { name } } }
    """

    static func schema() throws -> Schema {
        try SchemaBuilder.build(sources: [GraphQLSource(text: schemaSDL, name: "lookups.graphql")])
    }

    /// An environment whose program has `lookups`, over a fixture transport, logging to `recording`.
    static func environment(lookups: [String], recording: RecordingLogger? = nil,
                            strategy: PhaseStrategy = .shipped) throws -> (Environment, FixtureTransport) {
        let schema = try schema()
        let program = try Program(schema: schema, documents: [GraphQLSource(text: documents, name: "documents.graphql")],
                                  lookups: try Lookups(lookups, schema: schema))
        let transport = FixtureTransport(responses: [])
        return (Environment(program: program, transport: transport,
                            configuration: .init(strategy: strategy, clock: ManualScheduler(), logger: recording?.logger)),
                transport)
    }

    /// Commits the shelf (books B1 and B2, titles only) and the author A1, as responses would.
    static func writeShelfAndAuthor(_ environment: Environment) throws {
        try environment.commit(GraphQLResponse(data: try JSONValue.parse("""
        {"books": [{"id": "B1", "title": "Dune"}, {"id": "B2", "title": "Emma"}]}
        """)), for: try #require(environment.program["Shelf"]))
        try environment.commit(GraphQLResponse(data: try JSONValue.parse("""
        {"node": {"__typename": "Author", "id": "A1", "name": "Ann"}}
        """)), for: try #require(environment.program["AuthorNode"]))
    }

    // MARK: Configuration

    @Test func everyBadLookupIsReportedByItsCoordinate() throws {
        let schema = try Self.schema()
        #expect(throws: LookupError(problems: [
            .malformed("Query"),
            .malformed("Query.node.id"),
            .unknownType(LookupField(type: "Shelf", field: "books")),
            .unknownType(LookupField(type: "ID", field: "node")),
            .unknownField(LookupField(type: "Query", field: "nod")),
            .notARecord(LookupField(type: "Query", field: "shelf"), type: "[Book]"),
            .notARecord(LookupField(type: "Query", field: "title"), type: "String"),
            .notARecord(LookupField(type: "Query", field: "price"), type: "Price"),
            .missingKeyArgument(LookupField(type: "Query", field: "author"), argument: "id"),
        ])) {
            try Lookups(["Query", "Query.node.id", "Shelf.books", "ID.node", "Query.nod", "Query.shelf", "Query.title",
                         "Query.price", "Query.author", "Query.node"], schema: schema)
        }
        let lookups = try Lookups(["Query.node", "Query.book", "Query.node"], schema: schema)
        #expect(lookups.fields == [LookupField(type: "Query", field: "book"), LookupField(type: "Query", field: "node")])
        #expect(LookupError(problems: [.unknownField(LookupField(type: "Query", field: "nod"))]).description
            == "lookup Query.nod: Query has no field nod")
    }

    @Test func generatedLookupsNeedNoSchema() {
        let lookups = Lookups(generated: ["Query.node"])
        #expect(lookups.fields == [LookupField(type: "Query", field: "node")])
        #expect(lookups.contains("node", on: "Query"))
        #expect(!lookups.contains("book", on: "Query"))
    }

    @Test func storageKeysGiveTheirArguments() {
        #expect(StorageKey.arguments(of: "node") == [:])
        #expect(StorageKey.arguments(of: #"node(id:"I1")"#) == ["id": "I1"])
        let filter = JSONValue.object(["a": "x,\"y:)", "b": .array([.int(1), .int(2)])])
        let key = StorageKey.make(name: "book", arguments: [("id", .int(7)), ("filter", filter)])
        #expect(StorageKey.arguments(of: key) == ["id": .int(7), "filter": filter])
        #expect(StorageKey.arguments(of: "book(id") == nil)
        #expect(StorageKey.arguments(of: "book(i d:1)") == nil)
    }

    // MARK: Answers

    @Test(arguments: PhaseStrategy.allCases)
    func aLookupIsAnsweredByTheRecordItsArgumentsName(_ strategy: PhaseStrategy) async throws {
        let (environment, transport) = try Self.environment(lookups: ["Query.book", "Query.node"], strategy: strategy)
        try Self.writeShelfAndAuthor(environment)
        for (operation, variables) in [("BookByID", ["id": JSONValue.string("B2")]), ("BookLiteral", [:])] {
            let handle = environment.attach(try #require(environment.program[operation]), variables: variables)
            guard case .ready(let lens) = handle.phase else {
                Issue.record("\(operation) is not answered: \(handle.phase)")
                continue
            }
            #expect(try lens.read("book").read("title") == (operation == "BookByID" ? "Emma" : "Dune"))
            await handle.waitForFetch()
            #expect(transport.requestCount(for: operation) == 0)
        }
        // An interface's lookup answers any of its possible types.
        let node = environment.attach(try #require(environment.program["NodeTitle"]), variables: ["id": "B1"])
        #expect(node.availability == .available)
        #expect(transport.requests.isEmpty)
    }

    @Test func withoutLookupsTheSameAttachFetches() async throws {
        let (environment, transport) = try Self.environment(lookups: [])
        try Self.writeShelfAndAuthor(environment)
        let handle = environment.attach(try #require(environment.program["BookByID"]), variables: ["id": "B2"])
        await handle.waitForFetch()
        #expect(transport.requestCount(for: "BookByID") == 1)
    }

    @Test func aRecordWithoutTheSelectedFieldsFetchesAndLinksNothing() async throws {
        let (environment, transport) = try Self.environment(lookups: ["Query.book"])
        try Self.writeShelfAndAuthor(environment)
        let operation = try #require(environment.program["BookPages"])
        #expect(environment.check(operation, variables: ["id": "B1"]) == .missing)
        let handle = environment.attach(operation, variables: ["id": "B1"])
        #expect(environment.store.record(.root)?.field(FieldKey(#"book(id:"B1")"#)) == nil)
        await handle.waitForFetch()
        #expect(transport.requestCount(for: "BookPages") == 1)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aLookupOfAnotherTypesRecordIsRefusedAtItsPath(_ strategy: PhaseStrategy) async throws {
        let recording = RecordingLogger()
        let (environment, transport) = try Self.environment(lookups: ["Query.book"], recording: recording,
                                                            strategy: strategy)
        try Self.writeShelfAndAuthor(environment)
        transport.enqueue("BookByID", .respond(GraphQLResponse(data: .object(["book": .null]))))
        let handle = environment.attach(try #require(environment.program["BookByID"]), variables: ["id": "A1"])
        #expect(environment.store.record(.root)?.field(FieldKey(#"book(id:"A1")"#)) == nil)
        #expect(recording.entries == [.lookupRefused(LookupRefusedEvent(
            document: "BookByID", path: ["book"], lookup: LookupField(type: "Query", field: "book"), typename: "Author"))])
        await handle.waitForFetch()
        #expect(transport.requestCount(for: "BookByID") == 1)
        guard case .ready(let lens) = handle.phase else {
            Issue.record("the server's answer is not shown: \(handle.phase)")
            return
        }
        let book: Lens? = try lens.read("book")
        #expect(book == nil)
    }

    @Test func aRefusalNamesTheRecordOnlyWithValues() throws {
        let recording = RecordingLogger(includesValues: true)
        let (environment, _) = try Self.environment(lookups: ["Query.book"], recording: recording)
        try Self.writeShelfAndAuthor(environment)
        _ = environment.attach(try #require(environment.program["BookByID"]), variables: ["id": "A1"])
        guard case .lookupRefused(let event)? = recording.entries.first else {
            Issue.record("no refusal logged: \(recording.entries)")
            return
        }
        #expect(event.record == DataID("A1"))
        #expect(event.description
            == "lookup Query.book at BookByID.book refused: the record A1 is a Author, which the field cannot return")
    }
}
