import Foundation
import Testing
@testable import Lattice

/// Bytes become a response through `GraphQLResponse(decoding:)`: its members read into their
/// types, and a member of the wrong shape is refused with its path.
@Suite struct GraphQLResponseDecodingTests {
    func decode(_ text: String) -> Result<GraphQLResponse, ResponseDecodingError> {
        Result { () throws(ResponseDecodingError) in try GraphQLResponse(decoding: Data(text.utf8)) }
    }

    @Test func everyMemberIsRead() throws {
        let text = #"""
            {"data": {"viewer": {"id": "u1", "score": 40.0}},
             "errors": [{"message": "no", "path": ["viewer", "friends", 2], "locations": [{"line": 3, "column": 5}],
                         "extensions": {"code": "FORBIDDEN"}}],
             "extensions": {"cost": 7}, "unknown": true}
            """#
        let response = try decode(text).get()
        #expect(response.data == .object(["viewer": .object(["id": .string("u1"), "score": .double(40)])]))
        #expect(response.errors == [GraphQLError(message: "no", path: [.key("viewer"), .key("friends"), .index(2)],
                                                 locations: [.init(line: 3, column: 5)],
                                                 extensions: ["code": .string("FORBIDDEN")])])
        #expect(response.extensions == ["cost": .int(7)])
    }

    @Test func absentAndNullDataStayApart() throws {
        #expect(try decode(#"{"errors": null}"#).get() == GraphQLResponse(data: nil))
        #expect(try decode(#"{"data": null, "errors": [{"message": "m"}]}"#).get()
            == GraphQLResponse(data: .null, errors: [GraphQLError(message: "m")]))
    }

    @Test(arguments: [
        (#"[1]"#, "<root>: expected an object, found a list"),
        (#"{"errors": {}}"#, "errors: expected a list, found an object"),
        (#"{"errors": [{"path": []}]}"#, "errors.0.message: expected a string, found nothing"),
        (#"{"errors": [{"message": "m"}, {"message": 1}]}"#, "errors.1.message: expected a string, found an integer"),
        (#"{"errors": [{"message": "m", "path": ["a", true]}]}"#, "errors.0.path.1: expected a key or an index, found a boolean"),
        (#"{"errors": [{"message": "m", "locations": [{"line": 1.5, "column": 1}]}]}"#,
         "errors.0.locations.0.line: expected an integer, found a number"),
        (#"{"data": {}, "extensions": []}"#, "extensions: expected an object, found a list"),
        ("{\"data\": {},\n \"x\": [1,]}", "line 2, column 10: unexpected character ']'"),
    ])
    func aMemberOfTheWrongShapeIsRefusedWithItsPath(text: String, message: String) {
        guard case .failure(let error) = decode(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.description == message)
    }
}
