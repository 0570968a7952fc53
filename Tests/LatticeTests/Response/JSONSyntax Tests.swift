import Foundation
import Testing
import LatticeTesting
@testable import Lattice

/// JSON text is refused with its line and column before decoding, and nesting is bounded so
/// decoding fits a 512 KiB stack.
@MainActor
@Suite struct JSONSyntaxTests {
    static let limit = JSONSyntax.maximumDepth

    func error(_ text: String) -> JSONSyntaxError? {
        do {
            try JSONSyntax.check(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#"{"a": 1,"# + "\n" + #"  "b": x}"#, 2, 8, JSONSyntaxError.Reason.unexpectedCharacter("'x'")),
        (#"{"é": [1, 2,, 3]}"#, 1, 13, .unexpectedCharacter("','")),
        (#"{"a": "open"#, 1, 7, .unterminatedString),
        (#"{"a": "\q"}"#, 1, 8, .invalidEscape),
        (#"{"a": "\u12G4"}"#, 1, 8, .invalidEscape),
        ("{\"a\": \"tab\there\"}", 1, 11, .controlCharacterInString),
        (#"{"a": 01}"#, 1, 8, .unexpectedCharacter("'1'")),
        (#"{"a": -}"#, 1, 7, .invalidNumber),
        (#"{"a": 1.}"#, 1, 7, .invalidNumber),
        (#"{"a": tru}"#, 1, 10, .unexpectedCharacter("'}'")),
        (#"{"a": 1"#, 1, 8, .unexpectedEnd),
        (#"{"a": 1} {}"#, 1, 10, .unexpectedCharacter("'{'")),
        (#"{1: 2}"#, 1, 2, .unexpectedCharacter("'1'")),
        (#"["a" "b"]"#, 1, 6, .unexpectedCharacter("'\"'")),
    ])
    func syntaxErrorsAreLocated(text: String, line: Int, column: Int, reason: JSONSyntaxError.Reason) {
        #expect(error(text) == JSONSyntaxError(line: line, column: column, reason: reason), "\(text)")
    }

    @Test(arguments: [
        #"{"data": {"a": [1, -2.5e+3, 0.5E2, true, false, null, "\"\\\/\b\f\n\r\t\u00e9"]}, "errors": []}"#,
        "\u{FEFF}{}", " [ ] ", "\"just a string\"", "0",
    ])
    func validJSONPassesAsJSONDecoderReadsIt(text: String) throws {
        #expect(error(text) == nil)
        _ = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func nestingIsBoundedAndDecodingAtTheBoundFitsASmallStack() throws {
        let deepest = String(repeating: "[", count: Self.limit) + String(repeating: "]", count: Self.limit)
        let decoded = try SmallStack.run { try JSONSyntax.decode(JSONValue.self, from: Data(deepest.utf8)) }
        var depth = 0
        var value = decoded
        while case .array(let items) = value { depth += 1; value = items.first ?? .null }
        #expect(depth == Self.limit)
        let tooDeep = #"{"data": "# + String(repeating: "[", count: 100_000)
        #expect(error(tooDeep) == JSONSyntaxError(line: 1, column: 10 + Self.limit - 1,
                                                   reason: .nestingTooDeep(limit: Self.limit)))
        #expect(error(tooDeep)?.description.contains("deeper than \(Self.limit) levels (the limit)") == true)
    }
}
