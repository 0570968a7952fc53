import Testing
@testable import GraphQLSyntax

@Suite struct LexerTests {
    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""""#, ""),
        (#""say \"hi\"""#, "say \"hi\""),
        (#""a\\b\/c""#, "a\\b/c"),
        (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
        (#""caf\u00e9 \u00C9""#, "café É"),
        (#""\u{1F600}\u{0}\u{41}""#, "😀\u{0}A"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""héllo 日本 😀""#, "héllo 日本 😀"),
    ])
    func stringEscapes(literal: String, expected: String) throws {
        let value = try #require(try stringValue(literal))
        #expect(value.value == expected)
        #expect(value.block == false)
    }

    @Test(arguments: [
        ("\"\"\"\"\"\"", ""),
        ("\"\"\"single\"\"\"", "single"),
        ("\"\"\"\n    first\n      nested\n    last\n  \"\"\"", "first\n  nested\nlast"),
        ("\"\"\"  kept\n    second\n    third\"\"\"", "  kept\nsecond\nthird"),
        ("\"\"\"\n\n   \n  content\n\n   \n\"\"\"", "content"),
        ("\"\"\" \\\"\"\" inside \"\"\"", " \"\"\" inside "),
        ("\"\"\"\\n \\u0041 stays\"\"\"", "\\n \\u0041 stays"),
        ("\"\"\"\r\n  a\r\n    b\r  c\"\"\"", "a\n  b\nc"),
        ("\"\"\"\n\t\tx\n\t\t\ty\n\t\"\"\"", "x\n\ty"),
        ("\"\"\"   \n   \"\"\"", ""),
    ])
    func blockStrings(literal: String, expected: String) throws {
        let value = try #require(try stringValue(literal))
        #expect(value.value == expected)
        #expect(value.block)
    }

    @Test(arguments: ["0", "-0", "42", "-17", "123456789012345678901234567890"])
    func integers(text: String) throws {
        guard case .int(let value) = try argumentValue(text) else {
            Issue.record("\(text) is not an Int")
            return
        }
        #expect(value.value == text)
    }

    @Test(arguments: ["1e10", "1E10", "1.5E-3", "-1.0e+5", "0.0", "-0.0e-0", "0e0"])
    func floats(text: String) throws {
        guard case .float(let value) = try argumentValue(text) else {
            Issue.record("\(text) is not a Float")
            return
        }
        #expect(value.value == text)
    }

    @Test(arguments: [
        ("01", 9, "Invalid number, unexpected digit after 0: '1'."),
        ("1.", 10, "Invalid number, expected digit but got: ')'."),
        (".5", 8, "Invalid number, expected digit before '.', did you mean '0.5'?"),
        (".25e3", 8, "Invalid number, expected digit before '.', did you mean '0.25'?"),
        (".a", 8, "Unexpected character: '.'."),
        ("1a", 9, "Invalid number, expected digit but got: 'a'."),
        ("1.5.", 11, "Invalid number, expected digit but got: '.'."),
        ("1e", 10, "Invalid number, expected digit but got: ')'."),
        ("-", 9, "Invalid number, expected digit but got: ')'."),
        ("0x1", 9, "Invalid number, expected digit but got: 'x'."),
    ])
    func invalidNumbers(text: String, column: Int, message: String) throws {
        let error = try #require(syntaxError("{ f(x: \(text)) }"))
        #expect(error.line == 1)
        #expect(error.column == column)
        #expect(error.reason.description == message)
    }

    @Test func namesNextToPunctuatorsNeedNoSpace() throws {
        let document = try parsed("{a(x:1)b:c...F}")
        guard case .operation(let operation) = document.definitions[0] else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.selectionSet.selections.count == 3)
    }

    @Test func ignoredTokensAreSkipped() throws {
        let plain = try parsed("{ a b }").astJSON()
        #expect(try parsed("\u{FEFF}{ a b }").astJSON() == plain)
        #expect(try parsed("{,a,,\u{FEFF}b,}").astJSON() == plain)
        #expect(try parsed("# c\n{ a # c\n b } # at end").astJSON() == plain)
        #expect(try parsed("\t{\ta\r\nb\r}").astJSON() == plain)
    }

    @Test func tokensCarryLineAndScalarColumn() throws {
        let document = try parsed("# é😀\r\n\t\"é😀\" type T { f: Int }")
        guard case .objectType(let type) = document.definitions[0] else {
            Issue.record("not a type")
            return
        }
        #expect(type.location.line == 2)
        #expect(type.location.column == 2)
        #expect(type.name.location.line == 2)
        #expect(type.name.location.column == 12)
        #expect(type.name.location.start == 25)
    }

    @Test func linesAfterABlockStringAreCounted() throws {
        let document = try parsed("type T {\n  \"\"\"\n  a\r\n  b\r  c\n  \"\"\"\n  f: Int\n}")
        guard case .objectType(let type) = document.definitions[0] else {
            Issue.record("not a type")
            return
        }
        #expect(type.fields[0].name.location.line == 7)
        #expect(type.fields[0].name.location.column == 3)
    }
}
