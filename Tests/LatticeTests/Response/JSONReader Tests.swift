import Foundation
import Testing
import LatticeTesting
@testable import Lattice

/// JSON is read strictly (RFC 8259), refused with its line and column, keeps numbers as they
/// were written, and nests boundedly, so reading fits a 512 KiB stack.
@MainActor
@Suite struct JSONReaderTests {
    static let limit = JSONReader.maximumDepth

    func read(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        read(Array(text.utf8))
    }

    func read(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONReader.value(from: Data(bytes)) }
    }

    func error(_ text: String) -> JSONSyntaxError? {
        if case .failure(let error) = read(text) { error } else { nil }
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
        (#"{"a": 1e}"#, 1, 7, .invalidNumber),
        (#"{"a": tru}"#, 1, 10, .unexpectedCharacter("'}'")),
        (#"{"a": 1"#, 1, 8, .unexpectedEnd),
        (#"{"a": 1} {}"#, 1, 10, .unexpectedCharacter("'{'")),
        (#"{1: 2}"#, 1, 2, .unexpectedCharacter("'1'")),
        (#"["a" "b"]"#, 1, 6, .unexpectedCharacter("'\"'")),
        (#"[1,]"#, 1, 4, .unexpectedCharacter("']'")),
        (#"{"a": 1,}"#, 1, 9, .unexpectedCharacter("'}'")),
        (#"[NaN]"#, 1, 2, .unexpectedCharacter("'N'")),
        (#"[-Infinity]"#, 1, 2, .invalidNumber),
        (#"[+1]"#, 1, 2, .unexpectedCharacter("'+'")),
        (#"[.5]"#, 1, 2, .unexpectedCharacter("'.'")),
        (#"[1e400]"#, 1, 2, .numberOutOfRange),
        (#"["\uD800"]"#, 1, 3, .unpairedSurrogate),
        (#"["\uDC00\uD800"]"#, 1, 3, .unpairedSurrogate),
        (#"["\uD83D\u0041"]"#, 1, 3, .unpairedSurrogate),
        ("", 1, 1, .unexpectedEnd),
        ("\u{FEFF}", 1, 1, .unexpectedEnd),
        ("['a']", 1, 2, .unexpectedCharacter("'''")),
        ("[tru\ne]", 1, 5, .unexpectedCharacter("U+000A")),
        ("[1\u{7F}]", 1, 3, .unexpectedCharacter("U+007F")),
    ])
    func syntaxErrorsAreLocated(text: String, line: Int, column: Int, reason: JSONSyntaxError.Reason) {
        #expect(error(text) == JSONSyntaxError(line: line, column: column, reason: reason), "\(text)")
    }

    /// Bytes that are not UTF-8 inside a string: a lone continuation byte, an overlong form,
    /// an encoded surrogate, a scalar past U+10FFFF, a sequence cut short.
    @Test(arguments: [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func malformedUTF8IsRefused(bytes: [UInt8]) {
        let text = Array("[\"ab".utf8) + bytes + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError(line: 1, column: 5, reason: .invalidUTF8)) { try read(text).get() }
    }

    @Test(arguments: [
        ("0", JSONValue.int(0)), ("-0", .int(0)), ("40", .int(40)), ("40.0", .double(40)), ("4e1", .double(40)),
        ("-2.5E-3", .double(-0.0025)), ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)), ("1e-400", .double(0)),
        ("9007199254740993", .int(9_007_199_254_740_993)),
        ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
        (#""\"\\\/\b\f\n\r\t\u00e9\u0000""#, .string("\"\\/\u{8}\u{C}\n\r\té\u{0}")),
        (#""\uD83D\uDE00 and 😀""#, .string("😀 and 😀")),
        (#""long enough to need storage of its own, é""#, .string("long enough to need storage of its own, é")),
        ("\u{FEFF} [ ] ", .array([])),
        (#"{"a": [1, {}], "b": {"c": null}, "a": 2}"#, .object(["a": .int(2), "b": .object(["c": .null])])),
    ])
    func valuesKeepTheirKindAsWritten(text: String, value: JSONValue) throws {
        #expect(try read(text).get() == value, "\(text)")
    }

    /// What `jsonText` and `indentedJSONText` print reads back as the same value, kinds and
    /// escapes included.
    @Test func printedTextReadsBackAsTheSameValue() throws {
        let value = JSONValue.object([
            "double": .double(40), "int": .int(40), "tiny": .double(.leastNonzeroMagnitude), "big": .double(1e300),
            "text": .string("quote \" backslash \\ tab \t nul \u{0} bell \u{7} é 😀"),
            "list": .array([.null, .bool(true), .array([]), .object([:])]),
        ])
        for text in [value.jsonText, value.indentedJSONText] {
            #expect(try read(text).get() == value, "\(text)")
        }
        #expect(JSONValue.array([.double(40), .int(40)]).jsonText == "[40.0,40]")
        #expect(JSONValue.object(["b": .int(1), "a": .array([.int(2)])]).indentedJSONText
                == "{\n  \"a\": [\n    2\n  ],\n  \"b\": 1\n}")
        // Strings are quoted as Python's json.dumps quotes them, by the one quoter (JSONText).
        #expect(JSONValue.string("\u{8}\u{C}\"\\\n\u{1}é").jsonText == #""\b\f\"\\\n\u0001é""#)
        #expect(StorageKey.make(name: "f", arguments: [("s", .string("a\"b")), ("o", .object(["z": .int(1), "a": .null]))])
                == #"f(o:{"a":null,"z":1},s:"a\"b")"#)
    }

    @Test func aFractionOfZeroStaysADouble() throws {
        guard case .double(let value) = try read("40.0").get() else {
            Issue.record("40.0 read as an integer")
            return
        }
        #expect(value == 40)
    }

    /// Numbers the reader converts itself (few digits, small powers of ten) and those it
    /// hands to the full conversion read as `Double(String)` reads them, bit for bit.
    @Test func fractionsReadAsTheFullConversionReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0.1", "0.2", "0.3", "1.7976931348623157e308", "2.2250738585072014e-308", "5e-324",
                     "123456789012345.6", "1234567890123456.7", "9007199254740993.0", "0.000001", "1e22", "1e23",
                     "-0.0", "0e500", "4.35", "1.005", "100e-2"]
        for _ in 0..<2_000 {
            let digits = String(UInt64.random(in: 0...999_999_999_999_999_999, using: &generator))
            let point = Int.random(in: 0...digits.count, using: &generator)
            let exponent = Int.random(in: -40...40, using: &generator)
            texts.append("\(digits.prefix(point)).\(digits.dropFirst(point))0e\(exponent)"
                .replacingOccurrences(of: "^\\.", with: "0.", options: .regularExpression))
        }
        for text in texts {
            guard case .double(let read) = try read(text).get(), let expected = Double(text) else {
                Issue.record("\(text) did not read as a double")
                continue
            }
            #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) against \(expected)")
        }
    }

    @Test func nestingIsBoundedAndReadingAtTheBoundFitsASmallStack() throws {
        let deepest = String(repeating: "[", count: Self.limit) + String(repeating: "]", count: Self.limit)
        let decoded = try SmallStack.run { try JSONReader.value(from: Data(deepest.utf8)) }
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
