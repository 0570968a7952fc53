import GraphQLSyntax
import Testing
@testable import Lattice

@Suite struct ValidationTests {
    func diagnostics(_ text: String) throws -> [Diagnostic] {
        do {
            _ = try TestDocuments.compile(text, file: "doc.graphql")
            return []
        } catch let failure as CompileFailure {
            return failure.diagnostics
        }
    }

    @Test func everyProblemIsReportedWithItsLocation() throws {
        let found = try diagnostics("""
        query A($n: String, $unused: Int) {
          viewer { loginn followers(first: $n) { totalCount } }
          repository(owner: "o", name: "n", color: 1) { issue(number: $missing) { title } }
          node(id: "x") { ...OnLabel ...Nowhere }
          me: viewer { ...LabelName }
        }
        fragment OnLabel on Label { name @required }
        fragment LabelName on Label { name }
        fragment Cycle1 on User { ...Cycle2 }
        fragment Cycle2 on User { ...Cycle1 }
        query B @required { search(query: "q") { ... on Organization { login } } }
        query C { viewer { login @throwOnFieldError status } bogus: unknownType }
        """)
        let expected: [(Int, Int, CompileProblem)] = [
            (2, 12, .unknownField(field: "loginn", type: "User")),
            (2, 36, .variableTypeMismatch(variable: "n", type: "String", expected: "Int!")),
            (3, 37, .unknownArgument(argument: "color", field: "repository")),
            (3, 63, .unknownVariable(variable: "missing", operation: "A")),
            (4, 33, .unknownFragment("Nowhere")),
            (5, 19, .spreadCannotApply(fragment: "LabelName", fragmentType: "Label", parentType: "User")),
            (7, 29, .requiredOnNonNull(field: "name", type: "String!")),
            (10, 30, .fragmentCycle(["Cycle1", "Cycle2", "Cycle1"])),
            (11, 10, .misplacedDirective(directive: "required", location: "QUERY")),
            (11, 49, .spreadCannotApply(fragment: "inline fragment", fragmentType: "Organization", parentType: "SearchResult")),
            (12, 27, .misplacedDirective(directive: "throwOnFieldError", location: "FIELD")),
            (12, 45, .missingSelection(field: "status", type: "Status")),
            (12, 61, .unknownField(field: "unknownType", type: "Query")),
        ]
        #expect(found.map(\.description) == expected.map { "doc.graphql:\($0.0):\($0.1): \($0.2)" })
    }

    @Test func aValidDocumentHasNoDiagnostics() throws {
        #expect(try diagnostics("""
        query Ok($first: Int = 10, $id: ID!) @throwOnFieldError {
          viewer { login followers(first: $first) { totalCount } }
          node(id: $id) { id ... on Issue { title @catch labels { name } } }
        }
        """).isEmpty)
    }

    @Test func syntaxErrorsAreLocated() throws {
        let found = try diagnostics("query { viewer { login }")
        #expect(found.count == 1)
        #expect(found.first?.line == 1)
        #expect(found.first?.column == 25)
    }
}
