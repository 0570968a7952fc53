import Foundation
import Testing
import Lattice
import LatticeTesting

/// A later payload normalized only where it landed (`ResponseNormalizer.normalize(_:for:root:landing:)`):
/// the store ends as it would with the whole merged answer committed, whatever the place (an
/// object in a list, an edge's node inside a `@connection` page, a stream's list), and a
/// part's commit writes only the records at its place.
@MainActor @Suite struct ResponseNormalizerLandingTests {
    static let documents = """
    query InItems($ids: [ID!]!) { nodes(ids: $ids) { id ... on Issue { title ... @defer(label: "body") { body } } } }
    query InEdges($after: String) {
      repository(owner: "apple", name: "swift") {
        id
        issues(first: 2, after: $after) @connection(key: "InEdges_issues") {
          edges { cursor node { id ... @defer(label: "title") { title } } }
          pageInfo { endCursor hasNextPage }
        }
      }
    }
    query Streamed($ids: [ID!]!) { nodes(ids: $ids) @stream(initialCount: 1, label: "more") { id ... on Issue { title } } }
    """

    static func program() throws -> Program {
        try Program(schema: try SharedFixtures.get().program.schema,
                    documents: [GraphQLSource(text: documents, name: "Landing.graphql")])
    }

    /// Commits `payloads` into one store as the environment does (the first whole, each later
    /// one where it landed) and the final merged answer whole into another: both stores must
    /// hold the same. - Returns: the records each later payload's commit wrote (nil: none).
    static func landed(_ operation: String, variables: [String: JSONValue],
                       _ payloads: [String]) throws -> [Int?] {
        let program = try program()
        let bound = BoundArtifact(try #require(program[operation]), variables: variables)
        var answer = try IncrementalResponse(try IncrementalPayload(decoding: Data(payloads[0].utf8)))
        let byPart = Store()
        try byPart.commit(answer.response, for: bound)
        var written: [Int?] = []
        for text in payloads.dropFirst() {
            let landing = try answer.apply(try IncrementalPayload(decoding: Data(text.utf8)))
            guard !landing.isEmpty else {
                written.append(nil)
                continue
            }
            written.append(try byPart.commit(answer.response, for: bound, landing: landing).changes.recordsWritten)
        }
        let whole = Store()
        try whole.commit(answer.response, for: bound)
        #expect(byPart.snapshot() == whole.snapshot())
        return written
    }

    @Test func aDeferredFragmentInAListItemWritesThatItemOnly() throws {
        let written = try Self.landed("InItems", variables: ["ids": .array([.string("I1"), .string("I2"), .string("I3")])], [
            #"""
            {"data": {"nodes": [{"__typename": "Issue", "id": "I1", "title": "One"},
                                {"__typename": "Issue", "id": "I2", "title": "Two"},
                                {"__typename": "Issue", "id": "I3", "title": "Three"}]},
             "pending": [{"id": "0", "path": ["nodes", 1], "label": "body"}], "hasNext": true}
            """#,
            #"{"incremental": [{"id": "0", "data": {"body": "Second"}}], "completed": [{"id": "0"}], "hasNext": false}"#,
        ])
        #expect(written == [1])
    }

    @Test func aDeferredFragmentInAPagesEdgeWritesThatNodeAndLeavesThePageAsItWas() throws {
        let written = try Self.landed("InEdges", variables: [:], [
            #"""
            {"data": {"repository": {"id": "R1", "issues": {
                "edges": [{"cursor": "c1", "node": {"id": "I1"}}, {"cursor": "c2", "node": {"id": "I2"}}],
                "pageInfo": {"endCursor": "c2", "hasNextPage": true}}}},
             "pending": [{"id": "0", "path": ["repository", "issues", "edges", 1, "node"], "label": "title"}],
             "hasNext": true}
            """#,
            #"{"incremental": [{"id": "0", "data": {"title": "Two"}}], "completed": [{"id": "0"}], "hasNext": false}"#,
        ])
        #expect(written == [1])
    }

    @Test func aStreamsItemsWriteTheirRecordsAndTheListsLinks() throws {
        let written = try Self.landed("Streamed", variables: ["ids": .array([.string("I1"), .string("I2"), .string("I3")])], [
            #"""
            {"data": {"nodes": [{"__typename": "Issue", "id": "I1", "title": "One"}]},
             "pending": [{"id": "0", "path": ["nodes"], "label": "more"}], "hasNext": true}
            """#,
            #"{"incremental": [{"id": "0", "items": [{"__typename": "Issue", "id": "I2", "title": "Two"}]}], "hasNext": true}"#,
            #"{"incremental": [{"id": "0", "items": []}], "hasNext": true}"#,
            #"{"incremental": [{"id": "0", "items": [{"__typename": "Issue", "id": "I3", "title": "Three"}]}], "hasNext": true}"#,
            #"{"completed": [{"id": "0"}], "hasNext": false}"#,
        ])
        // The root (the list's links) and the new item; an empty increment and the completion
        // commit nothing.
        #expect(written == [2, nil, 2, nil])
    }
}
