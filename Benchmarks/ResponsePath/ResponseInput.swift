import Foundation
import GraphQLSyntax
import Lattice
import LatticeBench
import LatticeTesting

/// One response the path is measured on: its bytes as a server sends them, the operation it
/// answers, how many fields it holds, and how to read it back through lenses.
struct ResponseInput {
    /// The name in the benchmarks' names: `Dashboard`, `Feed`, `List100k`.
    let name: String
    /// The response body.
    let bytes: Data
    /// The operation, bound to the variables the response was made with.
    let bound: BoundArtifact
    /// Object members in `data`, at every depth: the fields normalization writes.
    var fields: Int { Self.memberCount(response.data ?? .null) }
    /// The response the bytes hold.
    let response: GraphQLResponse
    /// Whether its steps count instructions (all but the large list's).
    var countsInstructions = true
    /// Reads every field of the stored data back through lenses (the root's lens given).
    let readBack: @MainActor (Lens) throws -> Void
}

/// What the inputs could not be made from.
enum ResponseInputError: Error, CustomStringConvertible {
    case missing(String)

    var description: String {
        switch self {
        case .missing(let what): "missing \(what)"
        }
    }
}

extension ResponseInput {
    /// The largest `ok` response of the spec folder (spec/'s is Dashboard), re-encoded alone
    /// (without the fixture's wrapper), named after its operation; it is read back as
    /// `StoreReader.read` reads any document (its own walk, every field).
    @MainActor
    static func largest(in spec: CompiledSpec) throws -> ResponseInput {
        let encoder = JSONEncoder()
        // As a server writes it: slashes unescaped.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var largest: (fixture: FixtureResponse, bytes: Data)?
        for fixture in spec.responses where fixture.case == "ok" {
            let bytes = try encoder.encode(fixture.response)
            if bytes.count > largest?.bytes.count ?? 0 { largest = (fixture, bytes) }
        }
        guard let (fixture, bytes) = largest else { throw ResponseInputError.missing("an ok response in the spec folder") }
        let bound = BoundArtifact(try spec.artifact(fixture.operation), variables: fixture.variables)
        return ResponseInput(name: fixture.operation, bytes: bytes, bound: bound, response: fixture.response) { root in
            blackHole(StoreReader.read(bound, root: root.record))
        }
    }

    /// The schema of the generated responses: a feed of posts by authors, and a list of items.
    static let generatedSchema = """
        type Query { feed: [Post!]!  items: [Item!]! }
        type Post { id: ID!  title: String!  body: String!  likes: Int!  author: Author! }
        type Author { id: ID!  name: String! }
        type Item { id: ID!  title: String!  count: Int!  score: Float!  done: Boolean! }
        """

    /// A feed-sized response: 20 posts by 5 authors, 26 records with the root, a few kilobytes.
    @MainActor
    static func feed() throws -> ResponseInput {
        let query = "query Feed { feed { id title body likes author { id name } } }"
        let posts = (0..<20).map { index in
            #"{"__typename": "Post", "id": "Post:\#(index)", "title": "Post number \#(index)", "#
                + #""body": "The body of post \#(index), long enough to be stored on the heap.", "likes": \#(index * 7), "#
                + #""author": {"__typename": "Author", "id": "Author:\#(index % 5)", "name": "Author \#(index % 5)"}}"#
        }
        let text = #"{"data": {"feed": [\#(posts.joined(separator: ", "))]}}"#
        return try generated("Feed", query: query, text: text) { root in
            let feed: [Lens] = try root.read("feed")
            for post in feed {
                blackHole(try post.read("title") as String)
                blackHole(try post.read("body") as String)
                blackHole(try post.read("likes") as Int)
                let author: Lens = try post.read("author")
                blackHole(try author.read("name") as String)
            }
        }
    }

    /// A large list response: `count` items of five fields each, written compactly.
    @MainActor
    static func list(count: Int) throws -> ResponseInput {
        let query = "query Items { items { id title count score done } }"
        var text = #"{"data":{"items":["#
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"__typename":"Item","id":"Item:\#(index)","title":"Item number \#(index)","#
                + #""count":\#(index),"score":\#(index).25,"done":\#(index % 2 == 0)}"#
        }
        text += "]}}"
        var list = try generated("List\(count / 1_000)k", query: query, text: text) { root in
            let items: [Lens] = try root.read("items")
            for item in items {
                blackHole(try item.read("title") as String)
                blackHole(try item.read("count") as Int)
                blackHole(try item.read("score") as Double)
                blackHole(try item.read("done") as Bool)
            }
        }
        list.countsInstructions = false
        return list
    }

    @MainActor
    private static func generated(_ name: String, query: String, text: String,
                                  readBack: @escaping @MainActor (Lens) throws -> Void) throws -> ResponseInput {
        let schema = try SchemaBuilder.build(sources: [Source(text: generatedSchema, name: "generated/schema.graphql")])
        let program = try Program(schema: schema, documents: [Source(text: query, name: "generated/\(name).graphql")])
        guard let operation = program.artifacts.values.first(where: { $0.kind != .fragment }) else {
            throw ResponseInputError.missing("the operation of \(name)")
        }
        let bytes = Data(text.utf8)
        return ResponseInput(name: name, bytes: bytes, bound: BoundArtifact(operation),
                             response: try GraphQLResponse(decoding: bytes), readBack: readBack)
    }

    /// Arrays, objects and strings over 15 UTF-8 bytes (keys too) in the whole response, as
    /// decoded: the values that need storage of their own.
    var allocatingValues: Int {
        Self.allocatingValues(in: .object(["data": response.data ?? .null]))
            + (response.errors?.count ?? 0) + (response.extensions == nil ? 0 : 1)
    }

    private static func allocatingValues(in value: JSONValue) -> Int {
        let long = { (text: String) in text.utf8.count > 15 ? 1 : 0 }
        switch value {
        case .object(let members):
            return 1 + members.reduce(0) { $0 + long($1.key) + allocatingValues(in: $1.value) }
        case .array(let items): return 1 + items.reduce(0) { $0 + allocatingValues(in: $1) }
        case .string(let text): return long(text)
        default: return 0
        }
    }

    /// Object members in `value`, at every depth.
    private static func memberCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let members): members.count + members.values.reduce(0) { $0 + memberCount($1) }
        case .array(let items): items.reduce(0) { $0 + memberCount($1) }
        default: 0
        }
    }
}
