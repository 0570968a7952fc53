import Testing
@testable import Lattice

@Suite struct ValidationTests {
    func diagnostics(_ text: String) throws -> [Diagnostic] {
        try TestDocuments.diagnostics(text)
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
            (1, 21, .unusedVariable(variable: "unused", operation: "A")),
            (2, 12, .unknownField(field: "loginn", type: "User")),
            (2, 36, .variableTypeMismatch(variable: "n", type: "String", expected: "Int!")),
            (3, 37, .unknownArgument(argument: "color", field: "repository")),
            (3, 63, .unknownVariable(variable: "missing", operation: "A")),
            (4, 33, .unknownFragment("Nowhere")),
            (5, 16, .spreadCannotApply(fragment: "LabelName", fragmentType: "Label", parentType: "User")),
            (7, 29, .requiredOnNonNull(field: "name", type: "String!")),
            (10, 27, .fragmentCycle(["Cycle1", "Cycle2", "Cycle1"])),
            (11, 9, .misplacedDirective(directive: "required", location: "QUERY")),
            (11, 42, .spreadCannotApply(fragment: "inline fragment", fragmentType: "Organization", parentType: "SearchResult")),
            (12, 26, .misplacedDirective(directive: "throwOnFieldError", location: "FIELD")),
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

    @Test func describedOperationsFragmentsAndVariablesCompile() throws {
        #expect(try diagnostics(#"""
        "Who is signed in"
        query Described("""how many""" $first: Int = 10) {
          viewer { ...Name followers(first: $first) { totalCount } }
        }
        """
        The viewer's login
        """
        fragment Name on User { login }
        """#).isEmpty)
    }

    @Test func anUnusedDescribedVariableIsReportedAtItsDescription() throws {
        let found = try diagnostics("query Q(\n  \"never read\"\n  $a: String\n) { viewer { login } }")
        #expect(found.map(\.description) == ["doc.graphql:2:3: \(CompileProblem.unusedVariable(variable: "a", operation: "Q"))"])
    }

    @Test func anEmptySelectionSetCompiles() throws {
        // graphql-core 3.3 parses and validates `{ }` (its allow_empty_selection_sets default).
        #expect(try diagnostics("query Empty { viewer { } }").isEmpty)
    }

    /// A rule, a document breaking it with the diagnostic expected (line, column, problem),
    /// and the document fixed.
    struct RuleCase: Sendable, CustomTestStringConvertible {
        let rule: String
        let invalid: String
        let line: Int
        let column: Int
        let problem: CompileProblem
        let valid: String
        var testDescription: String { rule }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(rule: "@required's action is a RequiredAction, not a string",
                 invalid: #"{ viewer { name @required(action: "LOG") } }"#, line: 1, column: 35,
                 problem: .invalidValue(argument: "action", expected: "RequiredAction!"),
                 valid: "{ viewer { name @required(action: LOG) } }"),
        RuleCase(rule: "@required's action is a value of RequiredAction",
                 invalid: "{ viewer { name @required(action: WARN) } }", line: 1, column: 35,
                 problem: .invalidValue(argument: "action", expected: "RequiredAction!"),
                 valid: "{ viewer { name @required(action: THROW) } }"),
        RuleCase(rule: "@catch's target is a CatchTarget, not a string",
                 invalid: #"{ viewer { name @catch(to: "NULL") } }"#, line: 1, column: 28,
                 problem: .invalidValue(argument: "to", expected: "CatchTarget"),
                 valid: "{ viewer { name @catch(to: NULL) } }"),
        RuleCase(rule: "a directive that is not repeatable is used once per location",
                 invalid: "{ viewer { name @required @required } }", line: 1, column: 27,
                 problem: .repeatedDirective("required"),
                 valid: "{ viewer { name @required } }"),
        RuleCase(rule: "@expires(seconds:) is not negative",
                 invalid: "query Q @expires(seconds: -5) { viewer { login } }", line: 1, column: 27,
                 problem: .invalidValue(argument: "seconds", expected: "non-negative Int"),
                 valid: "query Q @expires(seconds: 0) { viewer { login } }"),
        RuleCase(rule: "@expires(seconds:) is required",
                 invalid: "query Q @expires { viewer { login } }", line: 1, column: 9,
                 problem: .missingArgument(argument: "seconds", field: "@expires"),
                 valid: "query Q @expires(seconds: 60) { viewer { login } }"),
        RuleCase(rule: "a directive argument is declared",
                 invalid: "{ viewer { name @required(when: NONE) } }", line: 1, column: 27,
                 problem: .unknownArgument(argument: "when", field: "@required"),
                 valid: "{ viewer { name @required(action: NONE) } }"),
        RuleCase(rule: "an argument is given once",
                 invalid: "{ viewer { followers(first: 1, first: 2) { totalCount } } }",
                 line: 1, column: 32, problem: .duplicateArgument(argument: "first", field: "followers"),
                 valid: "{ viewer { followers(first: 1) { totalCount } } }"),
        RuleCase(rule: "every variable defined is used",
                 invalid: "query Q($first: Int!) { viewer { login } }", line: 1, column: 9,
                 problem: .unusedVariable(variable: "first", operation: "Q"),
                 valid: "query Q($first: Int!) { viewer { followers(first: $first) { totalCount } } }"),
        RuleCase(rule: "a variable is defined once",
                 invalid: "query Q($first: Int!, $first: Int!) { viewer { followers(first: $first) { totalCount } } }",
                 line: 1, column: 24, problem: .duplicateVariable("first"),
                 valid: "query Q($first: Int!) { viewer { followers(first: $first) { totalCount } } }"),
        RuleCase(rule: "an input object field is given once",
                 invalid: "{ issues(filter: {state: OPEN, state: CLOSED}) { title } }", line: 1, column: 32,
                 problem: .duplicateInputField(field: "state", argument: "filter"),
                 valid: "{ issues(filter: {state: OPEN, text: \"x\"}) { title } }"),
        RuleCase(rule: "an input object has its non-null fields without a default",
                 invalid: "{ issues(filter: {text: \"x\"}) { title } }", line: 1, column: 18,
                 problem: .missingInputField(field: "state", argument: "filter"),
                 valid: "{ issues(filter: {state: CLOSED}) { title } }"),
        RuleCase(rule: "a subscription selects one root field",
                 invalid: "subscription S { viewerChanged { login } issueUpdated(id: \"1\") { title } }",
                 line: 1, column: 42, problem: .subscriptionRootFields(operation: "S", count: 2),
                 valid: "subscription S { issueUpdated(id: \"1\") { title } }"),
        RuleCase(rule: "an alias does not take the id the runtime selects",
                 invalid: "{ viewer { id: login } }", line: 1, column: 12,
                 problem: .reservedAlias(alias: "id", field: "login"),
                 valid: "{ viewer { userID: id login } }"),
        RuleCase(rule: "an alias does not take the __typename the runtime selects",
                 invalid: "{ search(query: \"q\") { __typename: __typename ... on User { __typename: login } } }",
                 line: 1, column: 61, problem: .reservedAlias(alias: "__typename", field: "login"),
                 valid: "{ search(query: \"q\") { __typename: __typename ... on User { login } } }"),
        RuleCase(rule: "an anonymous operation is alone in its document",
                 invalid: "{ viewer { login } }\nquery Named { viewer { name } }", line: 1, column: 1,
                 problem: .anonymousOperationNotAlone,
                 valid: "query First { viewer { login } }\nquery Named { viewer { name } }"),
    ]

    @Test(arguments: ruleCases)
    func eachRuleRejectsTheInvalidCaseWhereItIsWrongAndAcceptsTheValidOne(_ rule: RuleCase) throws {
        let found = try diagnostics(rule.invalid)
        #expect(found.map(\.description) == ["doc.graphql:\(rule.line):\(rule.column): \(rule.problem)"])
        #expect(try diagnostics(rule.valid).isEmpty)
    }

    @Test func syntaxErrorsAreLocated() throws {
        let found = try diagnostics("query { viewer { login }")
        #expect(found.count == 1)
        #expect(found.first?.line == 1)
        #expect(found.first?.column == 25)
    }
}
