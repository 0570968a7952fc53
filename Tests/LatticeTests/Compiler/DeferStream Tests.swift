import GraphQLSyntax
import Testing
@testable import Lattice

/// `@defer` and `@stream` as the compiler takes them: kept in the sent text, the fragments
/// marked, the operation marked as answering in parts; and refused where graphql-js and
/// graphql-core refuse them, each problem at its place.
@Suite struct DeferStreamTests {
    func diagnostics(_ text: String) throws -> [String] {
        try TestDocuments.diagnostics(text).map(\.description)
    }

    @Test func deferAndStreamAreKeptInTheSentTextAndMarkTheirFragments() throws {
        let artifacts = try TestDocuments.compile("""
            query Q($id: ID!) {
              node(id: $id) { id ... on Issue { title ... @defer(label: "body") { body } ...Comments @defer } }
            }
            fragment Comments on Issue { labels(first: 3) @stream(initialCount: 1) { name } }
            query Plain { viewer { login } }
            query Off { viewer { ... @defer(if: false) { login } } }
            """, file: "doc.graphql")
        let query = try #require(artifacts["Q"])
        #expect(query.defersOrStreams)
        #expect(try #require(artifacts["Comments"]).defersOrStreams)
        #expect(artifacts["Plain"]?.defersOrStreams == false)
        #expect(artifacts["Off"]?.defersOrStreams == false, "a constant false condition defers nothing")
        #expect(query.requestText.contains(#"@defer(label: "body")"#))
        #expect(try #require(artifacts["Comments"]).requestText.contains("@stream(initialCount: 1)"))
        guard case .field(let node)? = query.selectionSet.selections.first, case .linked(let set) = node.kind,
              case .inlineFragment(let issue)? = set.selections.first(where: { if case .inlineFragment = $0 { true } else { false } }),
              case .linked = node.kind else {
            Issue.record("unexpected shape")
            return
        }
        let deferred = issue.selectionSet.selections.compactMap { selection -> Deferral? in
            switch selection {
            case .inlineFragment(let inline): inline.deferral
            case .spread(let spread): spread.deferral
            case .field: nil
            }
        }
        #expect(deferred == [Deferral(label: "body"), Deferral(label: nil)])
    }

    @Test func misusesAreRefusedAtTheirPlace() throws {
        let found = try diagnostics("""
            query A($label: String) {
              viewer { ... @defer(label: "x") { login } ... @defer(label: "x") { name } ... @defer(label: $label) { bio } }
              repository(owner: "o", name: "n") { name @stream issues(first: 2) @stream(initialCount: -1) { title } }
            }
            mutation M { ... @defer { closeIssue(id: "1") { id } } }
            subscription S { issueUpdated(id: "1") { id ... @defer { title } } }
            """)
        #expect(found == [
            #"doc.graphql:2:56: the label "x" is used by another @defer or @stream"#,
            "doc.graphql:2:88: @defer's label must be a constant string",
            "doc.graphql:3:44: @stream may only be used on a list field, not on one of type String!",
            "doc.graphql:3:69: @stream's initialCount is -1; it may not be negative",
            "doc.graphql:5:18: @defer may not be used on the root mutation type Mutation",
            "doc.graphql:6:49: @defer may not be used in a subscription (set its `if` to false to keep it written)",
        ])
    }
}
