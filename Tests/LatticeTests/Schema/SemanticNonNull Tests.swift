import Foundation
import Lattice
import Testing

/// `@semanticNonNull(levels:)` in a schema and `@alias(as:)` in documents (issue 39, item 4):
/// what each compiles to, and each bad input refused at its `FILE:LINE:COLUMN`.
@Suite struct SemanticNonNullTests {
    static let schemaSDL = """
    type Query { book: Book node: Node }
    interface Node { id: ID! }
    type Book implements Node {
      id: ID!
      title: String @semanticNonNull
      tags: [String] @semanticNonNull(levels: [1])
      shelves: [[String]] @semanticNonNull(levels: [0, 2])
    }
    type Author implements Node { id: ID! name: String }
    """

    func program(_ document: String, schema: String = schemaSDL) throws -> Program {
        try Program(schema: try SchemaBuilder.build(sources: [GraphQLSource(text: schema, name: "schema.graphql")]),
                    documents: [GraphQLSource(text: document, name: "doc.graphql")])
    }

    func failure(schema: String = schemaSDL, _ document: String) throws -> Diagnostic {
        let failure = try #require(throws: CompileFailure.self) { try program(document, schema: schema) }
        #expect(failure.diagnostics.count == 1, "\(failure)")
        return try #require(failure.diagnostics.first)
    }

    /// The compiled type of `key` in the document's first field's selection.
    func type(_ key: String, in artifact: Artifact?) -> String? {
        guard case .field(let book)? = artifact?.selectionSet.selections.first,
              let selections = book.selectionSet?.selections else { return nil }
        for case .field(let field) in selections where field.responseKey == key { return field.type.description }
        return nil
    }

    @Test func theLevelsAreKeptAndReadNonNullOnlyWhereTheDocumentHandlesErrors() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "schema.graphql")])
        #expect(schema.types["Book"]?.fields["title"]?.semanticNonNullLevels == [0])
        #expect(schema.types["Book"]?.fields["shelves"]?.semanticNonNullLevels == [0, 2])
        let program = try program("""
        query Handled @throwOnFieldError { book { title tags shelves } }
        query Plain { book { title tags shelves } }
        query Caught { book @catch(to: NULL) { title tags shelves } }
        """)
        for name in ["Handled", "Caught"] {
            #expect(type("title", in: program[name]) == "String!")
            #expect(type("tags", in: program[name]) == "[String!]")
            #expect(type("shelves", in: program[name]) == "[[String!]]!")
        }
        #expect(type("title", in: program["Plain"]) == "String")
        #expect(type("tags", in: program["Plain"]) == "[String]")
        #expect(type("shelves", in: program["Plain"]) == "[[String]]")
    }

    @Test func theDigestChangesWithTheLevels() throws {
        let plain = Self.schemaSDL.replacingOccurrences(of: #" @semanticNonNull(\(levels: [^)]*\))?"#, with: "",
                                                        options: .regularExpression)
        func digest(_ text: String) throws -> String {
            try SchemaBuilder.build(sources: [GraphQLSource(text: text, name: "schema.graphql")]).digest
        }
        #expect(try digest(Self.schemaSDL) != digest(plain))
    }

    @Test(arguments: [
        ("type Query { a: String @semanticNonNull(levels: [1]) }", 1, 50, "not a list"),
        ("type Query { a: [String] @semanticNonNull(levels: [0, 2]) }", 1, 55, "0 to 1"),
        ("type Query { a: [String] @semanticNonNull(levels: [-1]) }", 1, 52, "0 to 1"),
        ("type Query { a: String @semanticNonNull(levels: [\"0\"]) }", 1, 50, "integer literal"),
        ("type Query { a: String @semanticNonNull(levels: 1) }", 1, 49, "not a list"),
    ])
    func aLevelTheTypeDoesNotHaveIsALocatedError(schema: String, line: Int, column: Int, says: String) throws {
        let failure = try #require(throws: CompileFailure.self) {
            try SchemaBuilder.build(sources: [GraphQLSource(text: schema, name: "s.graphql")])
        }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(failure.diagnostics.count == 1)
        #expect(diagnostic.file == "s.graphql" && diagnostic.line == line && diagnostic.column == column, "\(diagnostic)")
        #expect(diagnostic.description.contains("@semanticNonNull on a: ") && diagnostic.description.contains(says))
    }

    @Test func aSchemaMayDeclareItAsLatticeDoesButNotOtherwise() throws {
        _ = try program("query Q { book { title } }", schema: Self.schemaSDL + """

            directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION
            """)
        let failure = try #require(throws: CompileFailure.self) {
            try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL + """

                directive @semanticNonNull(levels: [Int!]! = [0]) on FIELD_DEFINITION
                """, name: "schema.graphql")])
        }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(diagnostic.line == 10 && diagnostic.column == 12)
        guard case .conflictingClientDeclaration(let name, _) = diagnostic.problem else {
            Issue.record("\(diagnostic)")
            return
        }
        #expect(name == "@semanticNonNull")
    }

    @Test func anAliasIsLeftOutOfTheSentText() throws {
        let program = try program("""
        query Q { node { ...Card @alias(as: "card") ... on Author @alias { name } } }
        fragment Card on Book { title }
        """)
        let text = try #require(program["Q"]).requestText
        #expect(!text.contains("@alias") && text.contains("...Card") && text.contains("... on Author"))
        guard case .field(let node)? = program["Q"]?.selectionSet.selections.first,
              case .spread(let spread)? = node.selectionSet?.selections.first(where: {
                  if case .spread = $0 { true } else { false }
              }) else {
            Issue.record("no spread")
            return
        }
        #expect(spread.alias == "card")
    }

    @Test(arguments: [
        ("query Q { node { ... @alias { id } } }", 1, 22, "needs a name"),
        ("query Q { node { ... on Book @alias(as: \"x\") { id } ... on Author @alias(as: \"x\") { id } } }", 1, 67, "`x` is taken"),
        ("query Q { node { kind: __typename ... on Book @alias(as: \"kind\") { title } } }", 1, 47, "`kind` is taken"),
        ("query Q { node { ... on Book @alias(as: \"1x\") { id } } }", 1, 41, "a GraphQL name"),
    ])
    func aBadAliasIsALocatedError(document: String, line: Int, column: Int, says: String) throws {
        let diagnostic = try failure(document)
        #expect(diagnostic.file == "doc.graphql" && diagnostic.line == line && diagnostic.column == column, "\(diagnostic)")
        #expect(diagnostic.description.contains("@alias: ") && diagnostic.description.contains(says), "\(diagnostic)")
    }
}
