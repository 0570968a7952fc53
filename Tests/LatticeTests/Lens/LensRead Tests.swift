import Testing
@testable import Lattice

enum IssueState: String, ScalarDecodable {
    case open = "OPEN", closed = "CLOSED"
    static let unavailableValue = IssueState.open
}

@MainActor
@Suite struct LensReadTests {
    let bound: BoundArtifact
    let store = Store()

    init() throws {
        let artifacts = try TestDocuments.compile("""
        query IssueQuery {
          node(id: "I1") {
            ... on Issue {
              number title body state createdAt tags
              heading: title
              author { login ... on User { name } }
              labels { name color }
              milestone { title }
            }
          }
        }
        """)
        bound = BoundArtifact(artifacts["IssueQuery"]!)
        try store.commit(GraphQLResponse(data: try .parse("""
        {"node": {"__typename": "Issue", "id": "I1", "number": 7, "title": "Crash", "heading": "Crash",
          "body": null, "state": "OPEN", "createdAt": "2026-01-02", "tags": ["a", "b"],
          "author": {"__typename": "Organization", "id": "O1", "login": "acme"},
          "labels": [{"id": "L1", "name": "bug", "color": null}], "milestone": null}}
        """)), for: bound)
    }

    var issue: Lens {
        get throws { try #require(try Lens(bound, record: store.record(.root)!).read("node") as Lens?) }
    }

    @Test func typedReadsByResponseKey() throws {
        let issue = try issue
        #expect(issue.id == DataID("I1"))
        #expect(try issue.read("number") as Int == 7)
        #expect(try issue.read("title") as String == "Crash")
        #expect(try issue.read("heading") as String == "Crash")
        #expect(try issue.read("body") as String? == nil)
        #expect(try issue.read("state") as IssueState == .open)
        #expect(try issue.read("createdAt") as JSONValue == "2026-01-02")
        #expect(try issue.read("tags") as [String] == ["a", "b"])
        let labels: [Lens] = try issue.read("labels")
        #expect(try labels.map { try $0.read("name") as String } == ["bug"])
        #expect(try labels[0].read("color") as String? == nil)
    }

    @Test func nullAndConditionReadsAsOptionalOrThrows() throws {
        let issue = try issue
        #expect(throws: ReadError.unexpectedNull(record: DataID("I1"), field: "body")) {
            try issue.read("body") as String
        }
        let author: Lens = try issue.read("author")
        // `name` is selected only on User; the author is an Organization.
        #expect(try author.read("name") as String? == nil)
        #expect(throws: ReadError.conditionNotMet(record: DataID("O1"), field: "name", typeCondition: "Actor")) {
            try author.read("name") as String
        }
        #expect(throws: ReadError.typeMismatch(record: DataID("I1"), field: "number", expected: "String")) {
            try issue.read("number") as String
        }
    }

    @Test func missingDataIsReportedNeverDefaulted() throws {
        // The labels now link to a record of which nothing was received.
        let labelsKey = try #require(store.record(DataID("I1"))?.fields.keys.first { $0.storageKey.hasPrefix("labels") })
        store.commit { $0.set(FieldState(value: .links([DataID("L2")])), for: labelsKey, on: DataID("I1")) }
        let labels: [Lens] = try issue.read("labels")
        #expect(throws: ReadError.missing(record: DataID("L2"), field: "name")) {
            try labels[0].read("name") as String?
        }
    }

    @Test func aDeletedItemIsANullItem() throws {
        store.commit { $0.delete(DataID("L1")) }
        #expect(try issue.read("labels") as [Lens?] == [nil])
        #expect(throws: ReadError.unexpectedNull(record: DataID("I1"), field: "labels")) {
            try issue.read("labels") as [Lens]
        }
    }

    @Test func askingForAFieldOutsideTheSelectionStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let artifacts = try? TestDocuments.compile("query Q { viewer { login } }")
                let bound = BoundArtifact(artifacts!["Q"]!)
                let store = Store()
                _ = try? Lens(bound, record: store.record(.root)!).read("repository") as Lens?
            }
        }
    }

    /// Where both a non-null and a nullable read fit (optional chaining, a comparison), the
    /// nullable one is chosen: a null reads as `nil` instead of throwing.
    @Test func whereBothReadsFitTheNullableOneIsChosen() throws {
        let issue: Lens? = try issue
        let body: String? = try issue?.read("body")
        #expect(body == nil)
        let title: String? = try issue?.read("title")
        #expect(title == "Crash")
        let milestone: Lens? = try issue?.read("milestone")
        #expect(milestone == nil)
        let author: Lens? = try issue?.read("author")
        #expect(author?.id == DataID("O1"))
        let present = try #require(issue)
        let bodyIsUnwritten = try present.read("body") == "unwritten"
        #expect(!bodyIsUnwritten)
        let none: Lens? = nil
        let nothing: String? = try none?.read("title")
        #expect(nothing == nil)
    }
}
