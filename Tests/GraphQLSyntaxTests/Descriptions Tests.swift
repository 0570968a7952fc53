import Testing
import GraphQLSyntax

/// Descriptions on operations, fragments and variable definitions, as graphql-core 3.3 parses
/// and prints them; a description where none can stand is a located error.
@Suite struct DescriptionsTests {
    @Test func operationsAndTheirVariablesKeepTheirDescriptions() throws {
        let document = try parsed(#"""
        "Finds a thing"
        query Find(
          """
          The id
          """
          $id: ID!, $plain: Int) { node(id: $id) { id } }
        """#)
        let operation = try #require(operations(document).first)
        #expect(operation.description?.value == "Finds a thing")
        #expect(operation.description?.block == false)
        #expect(operation.variableDefinitions.map(\.description?.value) == ["The id", nil])
        #expect(operation.variableDefinitions.first?.description?.block == true)
        #expect(operation.location.start == 0, "an operation starts at its description")
        let variable = try #require(operation.variableDefinitions.first)
        #expect(variable.location.line == 3, "a variable definition starts at its description")
    }

    @Test(arguments: ["query", "mutation", "subscription"])
    func everyOperationTypeCanBeDescribed(type: String) throws {
        let operation = try #require(operations(try parsed("\"d\" \(type) { a }")).first)
        #expect(operation.description?.value == "d")
        #expect(operation.name == nil)
    }

    @Test func fragmentsKeepTheirDescriptions() throws {
        let document = try parsed(#""""A part""" fragment Part on T { a }"#)
        guard case .fragment(let fragment) = document.definitions.first else {
            Issue.record("not a fragment")
            return
        }
        #expect(fragment.description?.value == "A part")
        #expect(fragment.description?.block == true)
        #expect(fragment.location.start == 0)
    }

    @Test func aShorthandQueryCannotBeDescribed() throws {
        let error = try #require(syntaxError("query A { a }\n\"d\" { b }"))
        #expect(error.reason == .descriptionOnShorthandQuery)
        #expect((error.line, error.column) == (2, 1))
    }

    @Test(arguments: [
        ("{ \"d\" a }", 1, 3),
        ("query Q { a(\"d\" x: 1) }", 1, 13),
        ("query Q($a: Int \"d\") { a }", 1, 20),
        ("fragment F(\"d\" $a: Int) on T { a }", 1, 11),
    ])
    func descriptionsElsewhereAreLocatedErrors(text: String, line: Int, column: Int) throws {
        let error = try #require(syntaxError(text))
        #expect((error.line, error.column) == (line, column))
    }

    @Test func printedDescriptionsStandAboveWhatTheyDescribe() throws {
        // graphql-core 3.3.2's print_ast of the same text, to the byte: a described variable
        // puts each variable on a line of its own, unindented.
        let document = try parsed(#"""
        "Query description" query Q("first var" $a: Int = 1 @d, $b: String) @op { a { b } }
        """
          Block
          description
        """ mutation M("""v""" $a: Int) { a }
        "sub" subscription { s }
        "d" query { a }
        "frag" fragment F on T @d { a }
        query V($a: Int, $b: Int) { a }
        """#)
        #expect(document.printed() == #"""
        "Query description"
        query Q(
        "first var"
        $a: Int = 1 @d
        $b: String
        ) @op {
          a {
            b
          }
        }

        """
        Block
        description
        """
        mutation M(
        """v"""
        $a: Int
        ) {
          a
        }

        "sub"
        subscription {
          s
        }

        "d"
        query {
          a
        }

        "frag"
        fragment F on T @d {
          a
        }

        query V($a: Int, $b: Int) {
          a
        }
        """#)
    }

    @Test func printingADescribedDocumentThenParsingGivesTheSameAST() throws {
        let document = try parsed(#"""
        "q" query Q("""
          two
          lines
        """ $a: Int, "b" $b: [Int!] = [1]) { a }
        """frag""" fragment F on T { b }
        """#)
        let reparsed = try parsed(document.printed())
        #expect(reparsed.astJSON() == document.astJSON())
        #expect(reparsed.printed() == document.printed())
    }

    private func operations(_ document: Document) -> [OperationDefinition] {
        document.definitions.compactMap { definition in
            if case .operation(let operation) = definition { operation } else { nil }
        }
    }
}

/// What graphql-core 3.3 added around descriptions: empty selection sets, directives on
/// directive definitions and `extend directive`.
@Suite struct GraphQLCore33GrammarTests {
    @Test func emptySelectionSetsParseAndPrintAsBraces() throws {
        let document = try parsed("{ a { } ... on T {} }\nfragment F on T {}\n{}")
        #expect(document.printed() == """
        {
          a {}
          ... on T {}
        }

        fragment F on T {}

        {}
        """)
    }

    @Test func directiveDefinitionsCarryDirectivesBeforeRepeatable() throws {
        let document = try parsed("directive @d(a: Int) @e @f(b: 1) repeatable on FIELD | DIRECTIVE_DEFINITION")
        guard case .directive(let directive) = document.definitions.first else {
            Issue.record("not a directive definition")
            return
        }
        #expect(directive.directives.map(\.name.value) == ["e", "f"])
        #expect(directive.repeatable)
        #expect(document.printed() == "directive @d(a: Int) @e @f(b: 1) repeatable on FIELD | DIRECTIVE_DEFINITION")
    }

    @Test func directiveExtensionsAddDirectives() throws {
        let document = try parsed("extend directive @skip @e @f(b: 1)")
        guard case .directiveExtension(let extensionNode) = document.definitions.first else {
            Issue.record("not a directive extension")
            return
        }
        #expect(extensionNode.name.value == "skip")
        #expect(extensionNode.directives.map(\.name.value) == ["e", "f"])
        #expect(document.printed() == "extend directive @skip @e @f(b: 1)")
    }

    @Test func aDirectiveExtensionMustAddADirective() throws {
        let error = try #require(syntaxError("extend directive @skip\ntype T { a: Int }"))
        #expect((error.line, error.column) == (2, 1))
        #expect(error.message == "Syntax Error: Unexpected Name 'type'.")
    }
}
