import Testing
@testable import Lattice

@MainActor
@Suite struct CompilerTests {
    func field(_ key: String, in set: ObjectSelection) -> FieldNode? {
        for case .field(let field) in set.selections where field.responseKey == key { return field }
        return nil
    }

    @Test func storageKeysAreCanonicalAndConstantWhenTheArgumentsAre() throws {
        let artifacts = try TestDocuments.compile("""
        query Q($first: Int = 10, $owner: String!, $size: Int) {
          repository(name: "n", owner: $owner) { issues(states: [OPEN], first: 2) { title } }
          viewer { followers(first: $first) { totalCount } avatarUrl(size: $size) }
        }
        """)
        let artifact = try #require(artifacts["Q"])
        let repository = try #require(field("repository", in: artifact.selectionSet))
        guard case .variable(let index, let template) = repository.key else {
            Issue.record("a variable argument makes the key variable")
            return
        }
        #expect(index == 0)
        #expect(template.resolve(["owner": .string("o")]) == #"repository(name:"n",owner:"o")"#)
        let repositorySet = try #require(repository.selectionSet)
        let issues = try #require(field("issues", in: repositorySet))
        guard case .constant(let key, _) = issues.key else {
            Issue.record("constant arguments make a constant key")
            return
        }
        #expect(key.storageKey == #"issues(first:2,states:["OPEN"])"#)
        let bound = BoundArtifact(artifact, variables: ["owner": .string("o")])
        let viewer = try #require(field("viewer", in: artifact.selectionSet)?.selectionSet)
        let followers = try #require(field("followers", in: viewer))
        // The declared default fills an absent variable; an absent one without a default
        // leaves its argument out, as a null one would.
        #expect(bound.key(of: followers).key.storageKey == "followers(first:10)")
        let avatar = try #require(field("avatarUrl", in: viewer))
        #expect(bound.key(of: avatar).key.storageKey == "avatarUrl")
    }

    @Test func idAndTypenameAreAddedWhereNormalizationNeedsThem() throws {
        let artifacts = try TestDocuments.compile("""
        query Q { viewer { login } search(query: "q") { ... on Issue { title } } repository(owner: "o", name: "n") { owner { login } } }
        """)
        let root = try #require(artifacts["Q"]).selectionSet
        let viewer = try #require(field("viewer", in: root)?.selectionSet)
        #expect(field("id", in: viewer)?.isAdded == true)
        #expect(viewer.lensKeys == ["login"])
        let search = try #require(field("search", in: root)?.selectionSet)
        #expect(field("__typename", in: search)?.isAdded == true)
        // A union without `id` gets `... on Member { id }` for each identified member.
        let generatedInlines = search.selections.compactMap { selection -> String? in
            if case .inlineFragment(let inline) = selection, inline.selectionSet.selections.count == 1,
               case .field(let id)? = inline.selectionSet.selections.first, id.isAdded {
                return inline.condition?.typeName
            }
            return nil
        }
        #expect(generatedInlines == ["Issue", "Repository", "User"])
        let repository = try #require(field("repository", in: root)?.selectionSet)
        let owner = try #require(field("owner", in: repository)?.selectionSet)
        #expect(field("__typename", in: owner)?.isAdded == true)
    }

    /// What the runtime sends is what the normalizer requires: every addition above is in
    /// the request text, appended to the set it completes, and nothing else is added.
    @Test func theRequestTextCarriesTheAddedSelections() throws {
        let artifacts = try TestDocuments.compile("""
        query Q {
          viewer { login }
          # Merged: one written set gets the additions.
          repository(owner: "o", name: "n") { owner { login } }
          repository(owner: "o", name: "n") { id name }
          search(query: "q") { ... on Issue { title } }
        }
        fragment F on Issue { author { login } milestone { title } }
        """)
        #expect(try #require(artifacts["Q"]).requestText == """
        query Q {
          viewer {
            login
            id
          }
          repository(owner: "o", name: "n") {
            owner {
              login
              __typename
              ... on Organization {
                id
              }
              ... on User {
                id
              }
            }
          }
          repository(owner: "o", name: "n") {
            id
            name
          }
          search(query: "q") {
            ... on Issue {
              title
            }
            __typename
            ... on Issue {
              id
            }
            ... on Repository {
              id
            }
            ... on User {
              id
            }
          }
        }
        """)
        // A fragment's own set is completed where it is spread; a type without `id: ID!`
        // (Milestone) gets nothing.
        #expect(try #require(artifacts["F"]).requestText == """
        fragment F on Issue {
          author {
            login
            __typename
            ... on Organization {
              id
            }
            ... on User {
              id
            }
          }
          milestone {
            title
          }
        }
        """)
    }

    /// A server knows neither the client's directives nor, before graphql-js 17, descriptions
    /// on operations: the sent text leaves both out and keeps every other directive.
    @Test func theRequestTextLeavesOutClientDirectivesAndDescriptions() throws {
        let artifacts = try TestDocuments.compile(#"""
        "The viewer's screen."
        query Q("how many" $first: Int = 2) @throwOnFieldError @catch @expires(seconds: 5) {
          viewer { login @catch(to: NULL) name @required(action: LOG) avatarUrl(size: $first) }
          repository(owner: "o", name: "n") @include(if: true) { name @skip(if: false) }
          ...F
        }
        "Issues."
        fragment F on Query @throwOnFieldError @catch { viewer { bio @required(action: THROW) } }
        """#)
        #expect(try #require(artifacts["Q"]).requestText == """
        query Q($first: Int = 2) {
          viewer {
            login
            name
            avatarUrl(size: $first)
            id
          }
          repository(owner: "o", name: "n") @include(if: true) {
            name @skip(if: false)
            id
          }
          ...F
        }
        """)
        #expect(try #require(artifacts["F"]).requestText == """
        fragment F on Query {
          viewer {
            bio
            id
          }
        }
        """)
        // What the directives mean is kept in the compiled artifact.
        #expect(try #require(artifacts["Q"]).throwsOnFieldError)
    }

    @Test func staticVerdictChecksOfTheSpecOperations() throws {
        let artifacts = try SpecFixtures.artifacts()
        let screen = try #require(artifacts["IssueScreen"])
        #expect(screen.throwsOnFieldError)
        #expect(screen.ownFieldCount == 0)
        #expect(screen.spreadFragments.map(\.name) == ["IssueHeader_query", "IssueComments_query"])
        let card = try #require(artifacts["IssueAuthorCard"])
        #expect(card.canBubbleToRoot)
        #expect(card.hasRequiredThrow)
        let milestone = try #require(artifacts["MilestoneProgress"])
        #expect(!milestone.canBubbleToRoot)
        let dashboard = try #require(artifacts["Dashboard"])
        #expect(dashboard.needsVerdictWalk)
        #expect(dashboard.ownFieldCount >= 329)
    }
}
