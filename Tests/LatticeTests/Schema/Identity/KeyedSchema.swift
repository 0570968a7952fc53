import Foundation
import Lattice

/// Tests/Fixtures/KeyedSchema, keyed in code as its lattice.json keys it: authors by `_id`,
/// books by (`isbn`, `edition`), reviews by an `id` scoped to the type, prices unkeyed.
@MainActor
struct KeyedSchema {
    /// The fixture's folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Fixtures/KeyedSchema").standardizedFileURL

    /// The configuration lattice.json gives.
    static let identity = RecordIdentity([
        "Author": .keyed(RecordKey(fields: ["_id"])),
        "Book": .keyed(RecordKey(fields: ["isbn", "edition"])),
        "Review": .keyed(RecordKey(fields: ["id"], scope: .type(space: "Review"))),
        "Price": .unkeyed,
    ])

    /// The schema as built from its SDL, not keyed.
    static func schema() throws -> Schema {
        let url = folder.appendingPathComponent("schema.graphql")
        return try SchemaBuilder.build(sources: [GraphQLSource(text: try String(contentsOf: url, encoding: .utf8), name: url.path)])
    }

    /// The operations compiled against the schema keyed by `identity`.
    static func program(_ identity: RecordIdentity = identity) throws -> Program {
        let operations = folder.appendingPathComponent("operations")
        let documents = try FileManager.default.contentsOfDirectory(atPath: operations.path).sorted().map { name in
            let url = operations.appendingPathComponent(name)
            return GraphQLSource(text: try String(contentsOf: url, encoding: .utf8), name: url.path)
        }
        return try Program(schema: try schema().keyed(by: identity), documents: documents)
    }

    /// `text` as a response.
    static func response(_ text: String) throws -> GraphQLResponse {
        try GraphQLResponse(decoding: Data(text.utf8))
    }

    /// The author page's answer: an author, two editions of one book (each with its price,
    /// both prices sent with the same `id`, which the store ignores), `stars` as given.
    static func authorPage(stars: Int = 4) -> String {
        """
        {"data": {"author": {"_id": "a1", "name": "Ursula", "books": [
          {"title": "The Dispossessed", "stars": \(stars), "isbn": "978-0", "edition": 1,
           "price": {"amount": 10, "currency": "EUR"}},
          {"title": "The Dispossessed (revised)", "stars": 5, "isbn": "978-0", "edition": 2,
           "price": {"amount": 12, "currency": "EUR"}}
        ]}}}
        """
    }
}
