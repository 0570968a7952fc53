import Foundation
import GraphQLSyntax
import Testing
@testable import Lattice

/// Numbers keep their kind from the bytes to the store: a `Float` is a double whatever its
/// digits, an `Int` fits GraphQL's 32 bits, and a custom scalar keeps the JSON it came as.
@MainActor
@Suite struct ScalarKindsTests {
    let bound: BoundArtifact

    init() throws {
        let schema = try SchemaBuilder.build(sources: [Source(text: """
            scalar JSON
            type Query { reading: Reading }
            type Reading { id: ID!  celsius: Float  samples: [Float]  count: Int  payload: JSON }
            """, name: "scalars.graphql")])
        let artifacts = try Compiler.compile(sources: [Source(
            text: "query Q { reading { celsius samples count payload } }", name: "Q.graphql")], schema: schema)
        bound = BoundArtifact(try #require(artifacts["Q"]))
    }

    /// Commits `reading` (JSON text of the object) and returns the stored values by field.
    func stored(_ reading: String) throws -> [String: FieldValue] {
        let response = try GraphQLResponse(decoding: Data(#"{"data": {"reading": \#(reading)}}"#.utf8))
        let store = Store()
        try store.commit(response, for: bound)
        let record = try #require(store.record(DataID("R1")))
        var values: [String: FieldValue] = [:]
        for key in ["celsius", "samples", "count", "payload"] { values[key] = record.field(FieldKey(key))?.value }
        return values
    }

    @Test func aFloatIsADoubleWithOrWithoutItsFraction() throws {
        let values = try stored(#"{"id": "R1", "celsius": 40.0, "samples": [40, 1.5, null], "count": 3, "payload": null}"#)
        #expect(values["celsius"] == .scalar(.double(40)))
        #expect(values["samples"] == .scalar(.array([.double(40), .double(1.5), .null])))
        let sentWithoutFraction = try stored(#"{"id": "R1", "celsius": 40, "samples": [], "count": 3, "payload": null}"#)
        #expect(sentWithoutFraction["celsius"] == .scalar(.double(40)))
    }

    @Test(arguments: [2_147_483_648, -2_147_483_649, 9_007_199_254_740_993])
    func anIntBeyond32BitsIsRefusedWithItsPath(value: Int) throws {
        let response = try GraphQLResponse(decoding: Data(
            #"{"data": {"reading": {"id": "R1", "celsius": 1.5, "samples": [], "count": \#(value), "payload": null}}}"#.utf8))
        let store = Store()
        #expect(throws: NormalizeError.intOutOfRange(path: "reading.count", value: value)) {
            try store.commit(response, for: bound)
        }
        #expect(store.record(DataID("R1")) == nil)
        #expect(try stored(#"{"id": "R1", "celsius": 1.5, "samples": [], "count": 2147483647, "payload": null}"#)["count"]
                == .scalar(.int(2_147_483_647)))
    }

    @Test func aCustomScalarKeepsTheJSONItCameAs() throws {
        let values = try stored(#"""
            {"id": "R1", "celsius": null, "samples": null, "count": null,
             "payload": {"big": 9007199254740993, "float": 40.0, "int": 40, "list": [1, "two", [3.25]]}}
            """#)
        #expect(values["payload"] == .scalar(.object([
            "big": .int(9_007_199_254_740_993), "float": .double(40), "int": .int(40),
            "list": .array([.int(1), .string("two"), .array([.double(3.25)])]),
        ])))
    }
}
