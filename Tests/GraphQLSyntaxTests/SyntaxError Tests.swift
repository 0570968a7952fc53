import Testing
import GraphQLSyntax

@Suite struct SyntaxErrorTests {
    @Test(arguments: [
        ("", 1, 1, "Syntax Error: Unexpected <EOF>."),
        ("# only a comment", 1, 17, "Syntax Error: Unexpected <EOF>."),
        ("{ a(x: \"open\n) }", 1, 13, "Syntax Error: Unterminated string."),
        ("{ a(x: \"\"\"\n never closed", 2, 14, "Syntax Error: Unterminated string."),
        ("{ a(x: \"\\x\") }", 1, 9, "Syntax Error: Invalid character escape sequence: '\\x'."),
        ("{ a(x: \"\\u12G4\") }", 1, 9, "Syntax Error: Invalid Unicode escape sequence: '\\u12G4'."),
        ("{ a(x: \"\\uD83D!\") }", 1, 9, "Syntax Error: Invalid Unicode escape sequence: '\\uD83D'."),
        ("{ a(x: \"\\u{110000}\") }", 1, 9, "Syntax Error: Invalid Unicode escape sequence: '\\u{110000}'."),
        ("{ a ? }", 1, 5, "Syntax Error: Unexpected character: '?'."),
        ("{ a \u{A0} }", 1, 5, "Syntax Error: Unexpected character: U+00A0."),
        ("{ a(x: 'no') }", 1, 8,
         "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?"),
        ("{ a }\n}", 2, 1, "Syntax Error: Unexpected '}'."),
        ("{ a( }", 1, 6, "Syntax Error: Expected Name, found '}'."),
        ("{ ..F }", 1, 3, "Syntax Error: Unexpected '..', did you mean '...'?"),
        ("fragment on on T { a }", 1, 10, "Syntax Error: Unexpected Name 'on'."),
        ("fragment F($a: Int) on T { a }", 1, 11, "Syntax Error: Expected 'on', found '('."),
        ("query Q($a: Int = $b) { a }", 1, 19, "Syntax Error: Unexpected variable '$b' in constant value."),
        ("\"d\" { a }", 1, 1,
         "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries."),
        ("\n  \"\"\"\n  block\n  \"\"\"\n{ a }", 2, 3,
         "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries."),
        ("\"d\" extend type A @d", 1, 1,
         "Syntax Error: Unexpected description, only GraphQL definitions support descriptions."),
        ("\"d\" aDefinitionNameLongerThanAKeyword { a }", 1, 1,
         "Syntax Error: Unexpected description, only GraphQL definitions support descriptions."),
        ("query Q {\n  \"d\" a\n}", 2, 3, "Syntax Error: Expected Name, found String 'd'."),
        ("query Q($a: Int \"d\") { a }", 1, 20, "Syntax Error: Expected '$', found ')'."),
        ("extend directive @d", 1, 20, "Syntax Error: Unexpected <EOF>."),
        ("extend type A", 1, 14, "Syntax Error: Unexpected <EOF>."),
        ("enum E { null }", 1, 10, "Syntax Error: Name 'null' is reserved and cannot be used for an enum value."),
        ("directive @d on NOWHERE", 1, 17, "Syntax Error: Unexpected Name 'NOWHERE'."),
        ("type A implements B, C { a: Int }", 1, 22, "Syntax Error: Unexpected Name 'C'."),
        ("{ a(x: \"日本😀\") ? }", 1, 15, "Syntax Error: Unexpected character: '?'."),
        ("query Q {\r\n  a\r\n  ?\r\n}", 3, 3, "Syntax Error: Unexpected character: '?'."),
    ])
    func locatedErrors(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.message == message)
        #expect(error.description == "test.graphql:\(line):\(column): \(message)")
    }

    @Test func snippetShowsTheLineAndACaretUnderTheColumn() throws {
        let error = try #require(syntaxError("query Q {\n\ta(x: 1) ?\n}"))
        #expect(error.lineText == "\ta(x: 1) ?")
        #expect(error.snippet == "\ta(x: 1) ?\n\t        ^")
    }

    @Test func reasonsAreStructured() throws {
        let error = try #require(syntaxError("{ a(x: $) }"))
        guard case .expectedToken(let expected, let found) = error.reason else {
            Issue.record("unexpected reason \(error.reason)")
            return
        }
        #expect(expected == .name)
        #expect(found.kind == .parenR)
        #expect(found.value == nil)
    }

    @Test(arguments: [
        ([0x7B, 0x20, 0x61, 0x28, 0x78, 0x3A, 0x20, 0x22, 0xFF, 0x22, 0x29, 0x20, 0x7D] as [UInt8], 9, UInt8(0xFF)),
        ([0x23, 0xC0, 0xAF, 0x0A, 0x7B, 0x61, 0x7D], 2, 0xC0),
        ([0x23, 0xED, 0xA0, 0x80, 0x0A, 0x7B, 0x61, 0x7D], 2, 0xED),
        ([0x7B, 0x61, 0x28, 0x78, 0x3A, 0x22, 0xE6, 0x97], 7, 0xE6),
        ([0x7B, 0x20, 0xF8, 0x20, 0x7D], 3, 0xF8),
    ])
    func invalidUTF8IsLocated(bytes: [UInt8], column: Int, byte: UInt8) throws {
        let error = try #require(syntaxError(Source(bytes: bytes, name: "bytes.graphql")))
        #expect(error.reason == .invalidUTF8(byte))
        #expect(error.column == column)
    }
}
