import Foundation
import Testing
import GraphQLSyntax

@Suite struct PrinterTests {
    @Test(arguments: Corpus.files("valid"))
    func printingThenParsingGivesTheSameAST(file: URL) throws {
        let document = try parse(Corpus.source(file))
        let printed = document.printed()
        let reparsed = try parse(Source(text: printed, name: "printed " + file.lastPathComponent))
        #expect(reparsed.astJSON() == document.astJSON())
        #expect(reparsed.printed() == printed, "printing is a fixed point")
    }

    @Test func printsInGraphQLJSStyle() throws {
        let document = try parsed("""
        query Q($a: Int = 1 @d, $b: [String!]!) @op { alias: f(x: {a: [1, 2]}, y: "s\\n") @dir { ...F ... on T { g } ... @skip(if: true) { h } } }
        fragment F on T @d { i }
        { short }
        """)
        #expect(document.printed() == """
        query Q($a: Int = 1 @d, $b: [String!]!) @op {
          alias: f(x: {a: [1, 2]}, y: "s\\n") @dir {
            ...F
            ... on T {
              g
            }
            ... @skip(if: true) {
              h
            }
          }
        }

        fragment F on T @d {
          i
        }

        {
          short
        }
        """)
    }

    @Test func wrapsArgumentsPastEightyCharacters() throws {
        let document = try parsed("{ field(argumentNumberOne: 111111111, argumentNumberTwo: 222222222, three: 3333333333) }")
        #expect(document.printed() == """
        {
          field(
            argumentNumberOne: 111111111
            argumentNumberTwo: 222222222
            three: 3333333333
          )
        }
        """)
    }

    @Test func printsTypeSystemDefinitions() throws {
        let document = try parsed("""
        "scalar" scalar S @d
        type T implements & A & B @d { "described" f("arg" a: Int = 1): [T!]! g(b: E = V): Int @deprecated }
        union U = | A | B
        enum E { V W @d }
        input I { a: Int = 1 @d }
        directive @d(a: Int) repeatable on FIELD | QUERY
        extend schema @d
        extend union U = C
        """)
        #expect(document.printed() == #"""
        "scalar"
        scalar S @d

        type T implements A & B @d {
          "described"
          f(
            "arg"
            a: Int = 1
          ): [T!]!
          g(b: E = V): Int @deprecated
        }

        union U = A | B

        enum E {
          V
          W @d
        }

        input I {
          a: Int = 1 @d
        }

        directive @d(a: Int) repeatable on FIELD | QUERY

        extend schema @d

        extend union U = C
        """#)
    }

    /// Found by FuzzParser: the shorthand `{ a }` printed after `type A` read back as its fields.
    @Test(arguments: ["type A", "interface I", "input In", "enum E", "extend type A @d", "extend schema @d",
                      "scalar S", "type A { f: Int }"])
    func anonymousQueryAfterATypeSystemDefinitionKeepsItsKeyword(definition: String) throws {
        let document = try parsed(definition + " query { a b { c } }")
        let printed = document.printed()
        #expect(printed.hasSuffix("\n\nquery {\n  a\n  b {\n    c\n  }\n}"))
        let reparsed = try parse(Source(text: printed, name: "printed"))
        #expect(reparsed.astJSON() == document.astJSON())
    }

    @Test func anonymousQueryAfterAnOperationStaysShorthand() throws {
        #expect(try parsed("fragment F on T { f } query { a }").printed().hasSuffix("}\n\n{\n  a\n}"))
    }

    /// Each case: a block string literal as written, and as the printer lays it out.
    @Test(arguments: [
        (Q + Q, Q + Q),
        (Q + "one line" + Q, Q + "one line" + Q),
        (Q + "  leading space" + Q, Q + "  leading space" + Q),
        (Q + "\n    two\n    lines\n  " + Q, Q + "\ntwo\nlines\n" + Q),
        (Q + "\nends with quote\"\n" + Q, Q + "\nends with quote\"\n" + Q),
        (Q + "has \\" + Q + " inside" + Q, Q + "has \\" + Q + " inside" + Q),
        (Q + String(repeating: "x", count: 71) + Q, Q + "\n" + String(repeating: "x", count: 71) + "\n" + Q),
    ])
    func blockStrings(literal: String, expected: String) throws {
        let value = try #require(try argumentValue(literal))
        #expect(value.printed() == expected)
    }

    @Test func quotedStringsEscapeControlCharacters() throws {
        let value = try #require(try argumentValue(#""\u0001\t\"\\\u007F\u0085é""#))
        #expect(value.printed() == #""\u0001\t\"\\\u007F\u0085é""#)
    }
}

/// Three quotes, to keep block string literals readable in the cases above.
private let Q = "\"\"\""
