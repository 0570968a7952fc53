import Foundation
import Lattice

/// A search answering objects under a union, in the shape of the record's system's union ingest
/// (899 results, a third of each of the union's three member types, about 52 KB): what
/// `RecordPage/unionIngest` measures. The record's page's schema (`Tests/Fixtures/RecordPage`)
/// has no union, so the search has a small schema of its own, with the page's three types
/// (`Character`, `Episode`, `Location`) cut to three fields each, and its answer is written in
/// memory: each object its `__typename`, `id` (`Type:n`, unique across the types), `name` and
/// one field of its own type. Here the body is about 80 bytes an object, against the
/// record's 58.
///
/// Making one compiles the schema and the document and writes the body: well under a
/// millisecond, once per set-up.
@MainActor
public struct UnionSearchPage {
    /// The schema: a search returning a list of a union of three types.
    public static let schemaSDL = """
    type Query { search(text: String!): [SearchResult!]! }
    union SearchResult = Character | Episode | Location
    type Character { id: ID! name: String status: String }
    type Episode { id: ID! name: String episode: String }
    type Location { id: ID! name: String type: String }
    """

    /// The search: each member type's fields under its type condition.
    public static let document = """
    query Search($text: String!) {
      search(text: $text) {
        __typename
        ... on Character { id name status }
        ... on Episode { id name episode }
        ... on Location { id name type }
      }
    }
    """

    /// The search bound to its text.
    public let operation: BoundArtifact
    /// The answer's body, as a server sends it.
    public let bytes: Data
    /// The objects the answer lists.
    public let objects: Int

    /// The search answering `objects` objects, the member types in turn.
    /// - Throws: `CompileFailure` if the schema or the document does not compile (a bug here).
    /// - Complexity: O(objects).
    public init(objects: Int = 899) throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "union-search/schema.graphql")])
        let program = try Program(schema: schema,
                                  documents: [GraphQLSource(text: Self.document, name: "union-search/Search.graphql")])
        guard let search = program["Search"] else { throw RecordPageError.missingOperation("Search") }
        operation = BoundArtifact(search, variables: ["text": .string("a")])
        self.objects = objects
        let members = [("Character", "status", "Alive"), ("Episode", "episode", "S01E01"), ("Location", "type", "Planet")]
        let results = (0..<objects).map { index in
            let (type, field, value) = members[index % members.count]
            let number = index / members.count + 1
            return "{\"__typename\":\"\(type)\",\"id\":\"\(type):\(number)\",\"name\":\"\(type) \(number)\","
                + "\"\(field)\":\"\(value)\"}"
        }
        bytes = Data("{\"data\":{\"search\":[\(results.joined(separator: ","))]}}".utf8)
    }
}
