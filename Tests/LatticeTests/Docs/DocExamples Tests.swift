import Foundation
import Testing
import Lattice
import LatticeTesting

/// The Swift examples of docs/environment-api.md and docs/runtime-api.md, each run and followed
/// by assertions on what it did. `everySwiftBlockOfTheDocIsAnExampleHere` fails when a block
/// of either doc is not found here line for line, so a doc and its examples cannot drift.
///
/// Written as an app would: `import Lattice` (and LatticeTesting for the fixtures), no
/// GraphQLSyntax.
@MainActor @Suite(.hangGuard) struct DocExamplesTests {
    // MARK: docs/environment-api.md

    /// "An environment from GraphQL text"; `nil` if its guard returned.
    func environmentFromText() throws -> (Environment, GraphQLRequest)? {
        let schema = try SchemaBuilder.build(sources: [
            GraphQLSource(text: "type Query { greeting: String }", name: "schema.graphql"),
        ])
        let program = try Program(schema: schema, documents: [
            GraphQLSource(text: "query Greeting { greeting }", name: "Greeting.graphql"),
        ])
        guard let greeting = program["Greeting"], let url = URL(string: "https://example.com/graphql") else {
            return nil
        }
        let environment = Environment(program: program, transport: HTTPTransport(url: url))
        let request = program.request(for: greeting, variables: [:])
        return (environment, request)
    }

    @Test func anEnvironmentFromGraphQLText() throws {
        let (environment, request) = try #require(try environmentFromText())
        #expect(environment.strategy == .shipped)
        #expect(environment.handleCount == 0)
        #expect(request.operationName == "Greeting")
        #expect(request.query == "query Greeting {\n  greeting\n}")
    }

    /// "Record identity (keys other than a global `id`)".
    func keyedProgram() throws -> Program {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: """
            type Query { author(_id: ID!): Author }
            type Author { _id: ID! name: String books: [Book!]! reviews: [Review!]! }
            type Book { isbn: String! edition: Int! title: String price: Price }
            type Review { id: ID! text: String }
            type Price { id: ID! amount: Int }
            """, name: "schema.graphql")])
        let documents = [GraphQLSource(text: """
            query Author { author(_id: "a1") { name books { title price { amount } } reviews { text } } }
            """, name: "Author.graphql")]
        let keyed = try schema.keyed(by: RecordIdentity([
            "Author": .keyed(RecordKey(fields: ["_id"])),
            "Book": .keyed(RecordKey(fields: ["isbn", "edition"])),
            "Review": .keyed(RecordKey(fields: ["id"], scope: .type(space: "Review"))),
            "Price": .unkeyed,
        ]))
        let keyedProgram = try Program(schema: keyed, documents: documents)
        return keyedProgram
    }

    @Test func aProgramKeyedOtherwise() throws {
        let program = try keyedProgram()
        let author = try #require(program["Author"])
        #expect(author.requestText.contains("isbn\n      edition"))
        let store = Store()
        try store.commit(try GraphQLResponse(decoding: Data("""
            {"data": {"author": {"_id": "a1", "name": "U", "books": [{"title": "T", "isbn": "978-0", "edition": 2,
             "price": {"amount": 3}}], "reviews": [{"text": "good", "id": "7"}]}}}
            """.utf8)), for: BoundArtifact(author))
        #expect(store.record(DataID("a1")) != nil)
        #expect(store.record(DataID("978-0:2")) != nil)
        #expect(store.record(DataID("Review:7")) != nil)
    }

    /// "Environments over the fixtures".
    func fixtures() throws -> (spec: CompiledSpec, dashboard: Artifact, ok: FixtureResponse, env: Environment,
                               transport: FixtureTransport) {
        let spec = try CompiledSpec.load()
        let dashboard = try spec.artifact("Dashboard")
        let ok = try spec.response("Dashboard", case: "ok")
        let (env, transport) = spec.environment(strategy: .rootVerdict, clock: ManualScheduler(), counting: true)
        return (spec, dashboard, ok, env, transport)
    }

    @Test func handles() async throws {
        let (_, dashboard, ok, env, transport) = try fixtures()
        let handle = env.attach(dashboard, variables: ok.variables, policy: .storeOrNetwork)
        await handle.waitForFetch()
        let login: String
        switch handle.phase {
        case .loading:
            login = "…"
        case .ready(let lens):
            let viewer: Lens = try lens.read("viewer")
            login = try viewer.read("login")
        case .failed(let failure):
            login = failure.description
        }
        let viewer: Lens? = try handle.phase.lens?.read("viewer")
        let bio: String? = try viewer?.read("bio")
        #expect(login == "mona")
        #expect(viewer?.id == DataID("VXNlcjox"))
        #expect(bio == "Builds GraphQL clients. Likes small diffs.")
        await handle.refetch().value
        let retried = handle.retry()
        let invalidated = handle.invalidate()
        await invalidated?.value
        let availability = handle.availability
        #expect(retried == nil)
        #expect(invalidated != nil)
        #expect(availability == .available)
        #expect(!handle.fetch.activity.isInFlight)
        #expect(transport.requestCount(for: "Dashboard") == 3)
    }

    /// "Lookups: fields the store answers by key"; `nil` if its guard returned.
    func lookups() throws -> (title: String?, transport: FixtureTransport, environment: Environment)? {
        let bookSchema = try SchemaBuilder.build(sources: [
            GraphQLSource(text: "type Book { id: ID! title: String } type Query { books: [Book!]! book(id: ID!): Book }",
                          name: "books.graphql"),
        ])
        let books = try Program(schema: bookSchema, documents: [
            GraphQLSource(text: "query Books { books { id title } } query Book($id: ID!) { book(id: $id) { title } }",
                          name: "Books.graphql"),
        ], lookups: try Lookups(["Query.book"], schema: bookSchema))
        let bookTransport = FixtureTransport(responses: [])
        let bookEnv = Environment(program: books, transport: bookTransport)
        guard let shelf = books["Books"], let one = books["Book"] else { return nil }
        try bookEnv.commit(GraphQLResponse(data: .object([
            "books": .array([.object(["id": .string("B1"), "title": .string("Dune")])]),
        ])), for: shelf)
        let book = bookEnv.attach(one, variables: ["id": .string("B1")], policy: .storeOrNetwork)
        let bookLens: Lens? = try book.phase.lens?.read("book")
        let bookTitle: String? = try bookLens?.read("title")
        return (bookTitle, bookTransport, bookEnv)
    }

    @Test func lookupsAnswerFromTheStore() throws {
        let (title, transport, environment) = try #require(try lookups())
        #expect(title == "Dune")
        #expect(transport.requests.isEmpty)
        #expect(environment.program.lookups.fields == [LookupField(type: "Query", field: "book")])
    }

    @Test func failures() async throws {
        let (_, dashboard, ok, env, transport) = try fixtures()
        let handle = env.attach(dashboard, variables: ok.variables, policy: .storeOrNetwork)
        await handle.waitForFetch()
        transport.enqueue("Dashboard", .fixture(case: "field-error"))
        await handle.refetch().value
        let failure = handle.phase.failure
        let failedPaths = failure?.errors.map(\.pathDescription) ?? []
        #expect(failure?.name == "read.fieldErrors")
        #expect(failedPaths.contains("viewer.status"))
    }

    @Test func theStoreWithoutTheNetwork() async throws {
        let (_, dashboard, ok, env, _) = try fixtures()
        let handle = env.attach(dashboard, variables: ok.variables, policy: .storeOrNetwork)
        await handle.waitForFetch()
        try env.commit(ok.response, for: dashboard, variables: ok.variables)
        let changes = env.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string("Writes a GraphQL client"))), for: FieldKey("bio"),
                      on: DataID("VXNlcjox"))
        }
        let checked = env.check(dashboard, variables: ok.variables)
        env.invalidate(DataID("VXNlcjox"))
        env.invalidateStore()
        let refetching = env.revalidate()
        for refetched in refetching { await refetched.waitForFetch() }
        let collected = env.collectGarbage()
        #expect(changes.changedFields.count == 1)
        #expect(checked == .available)
        #expect(refetching == [handle])
        #expect(handle.availability == .available)
        #expect(collected.isEmpty)
    }

    @Test func theNetwork() async throws {
        let (spec, dashboard, ok, env, transport) = try fixtures()
        let lens = try await env.fetch(dashboard, variables: ok.variables)
        transport.enqueue("Dashboard", .fixture(case: "field-error"))
        let fetchFailure: Failure?
        do {
            _ = try await env.fetch(dashboard, variables: ok.variables)
            fetchFailure = nil
        } catch {
            fetchFailure = error
        }
        let closeIssue = try spec.artifact("CloseIssue")
        let closed = try await env.mutate(closeIssue, variables: try spec.response("CloseIssue").variables)
        let updates = env.subscribe(try spec.artifact("IssueUpdates"),
                                    variables: try spec.response("IssueUpdates", case: "event-1").variables)
        updates.cancel()
        let fetchedViewer: Lens? = try lens.read("viewer")
        #expect(fetchedViewer?.id == DataID("VXNlcjox"))
        #expect(fetchFailure?.name == "read.fieldErrors")
        let payload: Lens? = try closed.read("closeIssue")
        #expect(payload != nil)
        #expect(updates.state == .ended(.cancelled))
    }

    @Test func optimisticUpdates() async throws {
        let (spec, _, _, env, transport) = try fixtures()
        let closeIssue = try spec.artifact("CloseIssue")
        let answer = try spec.response("CloseIssue")
        // Answered when the mutation's task runs, after this turn: the layer shows until then.
        transport.enqueue("CloseIssue")
        let closing = try env.commitMutation(closeIssue, variables: answer.variables,
                                             optimisticResponse: answer.response.data,
                                             optimisticUpdater: { delta in
            delta.set(FieldState(value: .scalar(.string("Closing…"))), for: FieldKey("title"),
                      on: DataID("SXNzdWU6MQ=="))
        })
        let shownNow = env.store.optimisticLayers
        let confirmed = try await closing.answer()
        #expect(shownNow == [try #require(closing.layer)])
        #expect(env.store.optimisticLayers.isEmpty)
        let payload: Lens? = try confirmed.read("closeIssue")
        #expect(payload != nil)
        #expect(env.store.record(DataID("SXNzdWU6MQ=="))?.field(FieldKey("state"))?.value == .scalar("CLOSED"))
    }

    /// "Lists that page": a connection over the spec schema, answered by hand (the spec's
    /// documents have no `@connection`).
    @Test func listsThatPage() async throws {
        let spec = try CompiledSpec.load()
        let program = try Program(schema: spec.program.schema, documents: [GraphQLSource(text: """
            query IssueList($owner: String!, $name: String!, $first: Int = 2, $after: String) {
              repository(owner: $owner, name: $name) { id
                issues(first: $first, after: $after) @connection(key: "IssueList_issues") {
                  edges { cursor node { id title } } pageInfo { endCursor hasNextPage } } } }
            """, name: "IssueList.graphql")])
        func page(_ numbers: [Int], more: Bool) -> FixtureTransport.Reply {
            .respond(GraphQLResponse(data: .object(["repository": .object(["id": "UmVwbzox", "issues": .object([
                "edges": .array(numbers.map { .object(["cursor": .string("c\($0)"),
                                                       "node": .object(["id": .string("I\($0)"), "title": "T"])]) }),
                "pageInfo": .object(["endCursor": .string("c\(numbers.last ?? 0)"), "hasNextPage": .bool(more)]),
            ])])])))
        }
        let transport = FixtureTransport(responses: [])
        transport.enqueue("IssueList", page([1, 2], more: true))
        transport.enqueue("IssueList", page([3, 4], more: false))
        let env = Environment(program: program, transport: transport)
        let issueList = try #require(program["IssueList"])
        let list = env.attach(issueList, variables: ["owner": "apple", "name": "swift"])
        await list.waitForFetch()
        let pager = try env.paginate(list)
        if pager.hasNext && !pager.isLoadingNext {
            try await pager.loadNext(20)
        }
        #expect(pager.hasNext == false)
        guard case .ready(let data) = list.phase else { throw ReadError.missing(record: .root, field: "repository") }
        let repository: Lens = try data.read("repository")
        let connection: Lens = try repository.read("issues")
        #expect(try connection.read("edges", from: 0).count == 4)
        #expect(transport.requests.last?.variables["first"] == .int(20))
    }

    @Test func counters() async throws {
        let (_, dashboard, ok, env, _) = try fixtures()
        let handle = env.attach(dashboard, variables: ok.variables, policy: .storeOrNetwork)
        await handle.waitForFetch()
        env.counters?.reset()
        env.commitUpdate { delta in
            delta.set(FieldState(value: .null), for: FieldKey("bio"), on: DataID("VXNlcjox"))
        }
        let lastCommit = env.counters?.lastCommit
        let total = env.counters?.total
        #expect(lastCommit?.commits == 1)
        #expect(lastCommit?.handlesWalked == 1)
        #expect(total == lastCommit)
        #expect(handle.phase.name == "ready")
    }

    @Test func bodyReruns() async throws {
        let (_, dashboard, ok, env, _) = try fixtures()
        let handle = env.attach(dashboard, variables: ok.variables, policy: .storeOrNetwork)
        await handle.waitForFetch()
        let probe = BodyProbe { handle.phase.name }
        env.commitUpdate { delta in
            let error = GraphQLError(message: "gone", path: [.key("viewer"), .key("bio")])
            delta.set(FieldState(value: .null, errors: [error]), for: FieldKey("bio"), on: DataID("VXNlcjox"))
        }
        probe.flush()
        let reruns = probe.reruns
        #expect(reruns == 1)
        #expect(probe.value == "failed")
    }

    @Test func inspectingTheStore() async throws {
        let (_, dashboard, ok, env, _) = try fixtures()
        let handle = env.attach(dashboard, variables: ok.variables, policy: .storeOrNetwork)
        await handle.waitForFetch()
        let inspection = env.inspect()
        let recordCount = inspection.recordCount
        let phases = inspection.roots.flatMap(\.handles).map(\.phase)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inspection.json")
        try inspection.write(to: file)
        #expect(recordCount == env.store.source.count)
        #expect(phases == [handle.phase.name])
        #expect(inspection.roots.map(\.operation) == ["Dashboard"])
        #expect(try StoreInspection(json: Data(contentsOf: file)) == inspection)
    }

    // MARK: docs/runtime-api.md

    /// The page's blocks in order, over one store, each followed by what it did; `nil` if a
    /// guard of the examples returned.
    func runtimeTour() throws -> Bool? {
        let sdl = """
            enum RequiredAction { NONE LOG THROW }
            directive @required(action: RequiredAction! = NONE) on FIELD
            directive @throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION
            type Query { viewer: User! }
            type User { id: ID! login: String! bio: String status: Status }
            type Status { emoji: String message: String }
            """
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: sdl, name: "schema.graphql")])
        let artifacts = try Compiler.compile(sources: [GraphQLSource(text: """
            query Profile @throwOnFieldError { viewer { login bio ...Badge_user } }
            fragment Badge_user on User { status { emoji } }
            """, name: "Profile.graphql")], schema: schema)
        guard let profile = artifacts["Profile"], let badge = artifacts["Badge_user"] else { return nil }
        #expect(profile.throwsOnFieldError && !badge.throwsOnFieldError)
        #expect(profile.kind == .query && badge.kind == .fragment)
        #expect(profile.needsVerdictWalk)
        let bound = BoundArtifact(profile)
        let store = Store(configuration: .init(notesVerdictChanges: true))
        let response = GraphQLResponse(data: .object(["viewer": .object([
            "id": .string("U1"), "login": .string("mona"), "bio": .null,
            "status": .object(["emoji": .string("🚀")]),
        ])]))
        let commit = try store.commit(response, for: bound)
        let changes = store.commit { delta in
            delta.set(FieldState(value: .scalar(.string("Writes a GraphQL client"))), for: FieldKey("bio"), on: DataID("U1"))
            delta.invalidate(DataID("U1"))
        }
        #expect(commit.unplacedErrors.isEmpty)
        #expect(changes.changedRecords == [DataID("U1")])
        let availability = DataChecker.check(bound, in: store)
        let retention = store.retain(bound)
        let collected = store.collectGarbage()
        store.release(retention)
        #expect(availability.status == .available)
        #expect(availability.latestInvalidation == changes.epoch)
        #expect(collected.isEmpty)
        #expect(store.retainedCount == 0)
        guard let root = store.record(.root) else { return nil }
        let lens = Lens(bound, record: root)
        let viewer: Lens = try lens.read("viewer")
        let login: String = try viewer.read("login")
        let bio: String? = try viewer.read("bio")
        let badgeLens: Lens? = try viewer.fragment(badge)
        let status: Lens? = try badgeLens?.read("status")
        let emoji: String? = try status?.read("emoji")
        #expect(login == "mona")
        #expect(bio == "Writes a GraphQL client")
        #expect(emoji == "🚀")
        var recorded = RecordedReads()
        let verdict = Verdict.evaluate(bound, root: root, tracking: &recorded)
        let fieldsRead = recorded.fields
        var untracked = UntrackedReads()
        let again = Verdict.evaluate(bound, root: root, tracking: &untracked)
        #expect(verdict == .fine)
        #expect(again == verdict)
        #expect(!fieldsRead.isEmpty)
        let debug = StoreReader.read(bound, root: root)
        #expect(debug.missing.isEmpty)
        #expect(debug.verdict == .fine)
        return true
    }

    @Test func theRuntimeTourRuns() throws {
        #expect(try runtimeTour() == true)
    }

    /// An environment over `serverSDL` and the shelf's client field whose store holds the
    /// shelf's one book `book`, answered without its client field.
    static func shelfEnvironment(_ serverSDL: String, book: DataID) throws -> Environment {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: serverSDL, name: "schema.graphql")],
                                             clientSources: [GraphQLSource(text: "extend type Book { isSelected: Boolean }", name: "client.graphql")])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: "query Shelf { books { title isSelected } }", name: "Shelf.graphql")])
        let shelf = try #require(program["Shelf"])
        let environment = Environment(program: program, transport: FixtureTransport(responses: []))
        try environment.commit(GraphQLResponse(data: .object(["books": .array([
            .object(["id": .string(book.rawValue), "title": .string("Dune")]),
        ])])), for: shelf)
        return environment
    }

    /// "Client-only fields and local updates".
    @Test func clientOnlyFields() throws {
        let serverSDL = "type Query { books: [Book!]! }\ntype Book { id: ID! title: String! }"
        let environment = try Self.shelfEnvironment(serverSDL, book: DataID("Book:1"))
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: serverSDL, name: "schema.graphql")],
                                             clientSources: [GraphQLSource(text: "extend type Book { isSelected: Boolean }", name: "client.graphql")])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: "query Shelf { books { title isSelected } }", name: "Shelf.graphql")])
        try environment.commitLocalUpdate { update in
            try update.set("isSelected", of: DataID("Book:1"), to: .bool(true))
        }
        let shelf = try #require(program["Shelf"])
        #expect(program.request(for: shelf, variables: [:]).query == "query Shelf {\n  books {\n    title\n    id\n  }\n}")
        #expect(environment.check(shelf) == .available)
        let books: [Lens] = try Lens(BoundArtifact(shelf), record: try #require(environment.store.record(.root))).read("books")
        #expect(try books.first?.read("isSelected") as Bool? == true)
        #expect(throws: LocalUpdateError.serverField(record: DataID("Book:1"), type: "Book", field: "title")) {
            try environment.commitLocalUpdate { update in
                try update.set("title", of: DataID("Book:1"), to: .string("mine"))
            }
        }
    }

    // MARK: The docs hold exactly these examples

    @Test(arguments: ["docs/environment-api.md", "docs/runtime-api.md"])
    func everySwiftBlockOfTheDocIsAnExampleHere(_ doc: String) throws {
        let thisFile = URL(fileURLWithPath: #filePath)
        let repository = thisFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let blocks = SwiftBlocks.blocks(in: try String(contentsOf: repository.appendingPathComponent(doc), encoding: .utf8))
        let here = SwiftBlocks.trimmedLines(of: try String(contentsOf: thisFile, encoding: .utf8))
        #expect(!blocks.isEmpty)
        for block in blocks {
            let found = SwiftBlocks.lines(here, contain: block)
            #expect(found, """
                \(doc) has a swift block that Tests/LatticeTests/Docs/DocExamples Tests.swift does not \
                hold line for line; change both together:
                \(block.joined(separator: "\n"))
                """)
        }
    }

    @Test func aBlockIsFoundOnlyWhenEveryLineFollowsInOrder() {
        let markdown = """
            Text.
            ```swift
            let a = 1
              let b = a
            ```
            ```text
            not swift
            ```
            """
        let blocks = SwiftBlocks.blocks(in: markdown)
        #expect(blocks == [["let a = 1", "let b = a"]])
        let file = SwiftBlocks.trimmedLines(of: "func f() {\n    let a = 1\n    let b = a\n}")
        #expect(SwiftBlocks.lines(file, contain: blocks[0]))
        #expect(!SwiftBlocks.lines(file, contain: ["let b = a", "let a = 1"]))
        #expect(!SwiftBlocks.lines(file, contain: ["let a = 2"]))
    }
}
