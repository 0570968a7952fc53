import Foundation
import Testing
import Lattice
import LatticeTesting

/// Lookups by configured keys (Tests/Fixtures/KeyedSchema): `Query.book(isbn:edition:)`
/// answers the book its two arguments key (the composite key, the lookup's arguments named by
/// the key fields), `Query.author(_id:)` the author its `_id` keys; a lookup on a field whose
/// arguments carry no key field is refused when configured.
@MainActor
struct KeyedSchemaLookupsTests {
    static let documents = """
    query KeyedBook($isbn: String!, $edition: Int!) { book(isbn: $isbn, edition: $edition) { title stars } }
    query KeyedAuthor { author(_id: "a1") { name } }
    """

    static func environment(_ strategy: PhaseStrategy) throws -> (Environment, FixtureTransport) {
        let schema = try KeyedSchema.schema().keyed(by: KeyedSchema.identity)
        let program = try Program(schema: schema, documents: try KeyedSchema.program().sources
            + [GraphQLSource(text: documents, name: "lookups.graphql")],
                                  lookups: try Lookups(["Query.book", "Query.author"], schema: schema))
        let transport = FixtureTransport(responses: [])
        return (Environment(program: program, transport: transport, strategy: strategy), transport)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aCompositeKeysLookupIsAnsweredByItsRecord(_ strategy: PhaseStrategy) async throws {
        let (environment, transport) = try Self.environment(strategy)
        try environment.commit(try KeyedSchema.response(KeyedSchema.authorPage()),
                               for: try #require(environment.program["AuthorPage"]), variables: ["id": .string("a1")])
        let book = environment.attach(try #require(environment.program["KeyedBook"]),
                                      variables: ["isbn": .string("978-0"), "edition": .int(2)], policy: .storeOrNetwork)
        let author = environment.attach(try #require(environment.program["KeyedAuthor"]), policy: .storeOrNetwork)
        guard case .ready(let bookLens) = book.phase, case .ready(let authorLens) = author.phase else {
            Issue.record("not answered: \(book.phase), \(author.phase)")
            return
        }
        #expect(try bookLens.read("book").read("title") == "The Dispossessed (revised)")
        #expect(try authorLens.read("author").read("name") == "Ursula")
        await book.waitForFetch()
        await author.waitForFetch()
        #expect(transport.requests.isEmpty)
        // An edition the store does not hold is fetched.
        let missing = environment.attach(try #require(environment.program["KeyedBook"]),
                                         variables: ["isbn": .string("978-0"), "edition": .int(3)])
        await missing.waitForFetch()
        #expect(transport.requestCount(for: "KeyedBook") == 1)
    }

    @Test func lookupsAreCheckedAgainstTheConfiguredKeys() throws {
        let keyed = try KeyedSchema.schema().keyed(by: KeyedSchema.identity)
        #expect(throws: LookupError(problems: [
            .notARecord(LookupField(type: "Query", field: "reviews"), type: "ReviewConnection"),
            .missingKeyArgument(LookupField(type: "Book", field: "author"), argument: "_id"),
        ])) {
            try Lookups(["Query.reviews", "Book.author"], schema: keyed)
        }
        // Unkeyed, a Book has no key (no `id: ID!`): no lookup can name one.
        #expect(throws: LookupError(problems: [.notARecord(LookupField(type: "Query", field: "book"), type: "Book")])) {
            try Lookups(["Query.book"], schema: try KeyedSchema.schema())
        }
    }
}
