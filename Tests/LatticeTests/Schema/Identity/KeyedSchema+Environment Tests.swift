import Foundation
import Testing
import Lattice
import LatticeTesting

/// A schema keyed by `_id`, a composite and scoped ids, with an unkeyed type, from the app's
/// side (an `Environment` over the keyed program, under each strategy): an author page fetched
/// and read, a book card whose answer lands on the records the page wrote (one record per key,
/// shared by the two operations), a rating shown optimistically then confirmed, and the page written
/// to the image and shown at the next launch before the network answers.
@MainActor @Suite(.hangGuard) struct KeyedSchemaEnvironmentTests {
    let program: Program

    init() throws {
        program = try KeyedSchema.program()
    }

    func environment(_ strategy: PhaseStrategy, image: URL? = nil) -> (Environment, FixtureTransport) {
        let transport = FixtureTransport(responses: [])
        return (Environment(program: program, transport: transport,
                            configuration: .init(strategy: strategy, clock: ManualScheduler(now: Date(timeIntervalSince1970: 0)),
                                                 image: image)), transport)
    }

    func artifact(_ name: String) throws -> Artifact {
        try #require(program[name])
    }

    /// The titles and stars of the author's books, as a body shows them.
    func books(_ author: Lens) throws -> [String] {
        let books: [Lens] = try author.read("books")
        return try books.map { book in
            let title: String? = try book.read("title")
            let stars: Int? = try book.read("stars")
            return "\(title ?? "-") \(stars.map(String.init) ?? "-")"
        }
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPageIsReadAndAnotherOperationSharesItsKeyedRecords(_ strategy: PhaseStrategy) async throws {
        let (environment, transport) = environment(strategy)
        transport.enqueue("AuthorPage", .respond(try KeyedSchema.response(KeyedSchema.authorPage())))
        let page = try await environment.fetch(try artifact("AuthorPage"), variables: ["id": .string("a1")])
        let author: Lens = try page.read("author")
        #expect(try books(author) == ["The Dispossessed 4", "The Dispossessed (revised) 5"])
        let prices = try (author.read("books") as [Lens]).map { book -> Int? in
            let price: Lens? = try book.read("price")
            return try price?.read("amount")
        }
        #expect(prices == [10, 12])
        // The card of the first edition, answered by the network: its record (keyed by isbn
        // and edition) and its author's (by _id) are the page's, so the page shows its stars.
        transport.enqueue("BookCard", .respond(try KeyedSchema.response(#"""
            {"data": {"book": {"title": "The Dispossessed", "stars": 2, "isbn": "978-0", "edition": 1,
              "author": {"name": "Ursula K.", "_id": "a1"}}}}
            """#)))
        let probe = BodyProbe { (try? self.books(author)) ?? [] }
        let card = try await environment.fetch(try artifact("BookCard"), variables: ["isbn": .string("978-0"), "edition": .int(1)])
        let book: Lens = try card.read("book")
        let cardAuthor: Lens = try book.read("author")
        #expect(try cardAuthor.read("name") == "Ursula K.")
        #expect(try author.read("name") == "Ursula K.")
        #expect(probe.flush())
        #expect(probe.value == ["The Dispossessed 2", "The Dispossessed (revised) 5"])
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aRatingShowsOptimisticallyOnTheCompositeRecordThenTheAnswer(_ strategy: PhaseStrategy) async throws {
        let (environment, transport) = environment(strategy)
        transport.enqueue("AuthorPage", .respond(try KeyedSchema.response(KeyedSchema.authorPage())))
        let page = try await environment.fetch(try artifact("AuthorPage"), variables: ["id": .string("a1")])
        let author: Lens = try page.read("author")
        let probe = BodyProbe { (try? self.books(author)) ?? [] }
        let gate = RequestBarrier()
        transport.enqueue("RateBook", .respond(try KeyedSchema.response(
            #"{"data": {"rateBook": {"stars": 2, "isbn": "978-0", "edition": 1}}}"#)), after: gate)
        let pending = try environment.commitMutation(
            try artifact("RateBook"), variables: ["isbn": .string("978-0"), "edition": .int(1), "stars": .int(3)],
            optimisticResponse: .object(["rateBook": .object(["stars": .int(3), "isbn": .string("978-0"), "edition": .int(1)])]))
        #expect(probe.flush())
        #expect(probe.value == ["The Dispossessed 3", "The Dispossessed (revised) 5"])
        gate.open()
        _ = try await pending.answer()
        #expect(probe.flush())
        #expect(probe.value == ["The Dispossessed 2", "The Dispossessed (revised) 5"])
        #expect(environment.store.optimisticLayers.isEmpty)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theNextLaunchShowsTheKeyedPageFromTheImage(_ strategy: PhaseStrategy) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-keyed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("store.sqlite")
        do {
            let (first, transport) = environment(strategy, image: url)
            transport.enqueue("AuthorPage", .respond(try KeyedSchema.response(KeyedSchema.authorPage(stars: 1))))
            _ = try await first.fetch(try artifact("AuthorPage"), variables: ["id": .string("a1")])
            await first.imageWritten()
            #expect(first.imageLog.isEmpty)
            await first.closeImage()
        }
        let (next, transport) = environment(strategy, image: url)
        let handle = next.attach(try artifact("AuthorPage"), variables: ["id": .string("a1")], policy: .storeOnly)
        guard case .ready(let data) = handle.phase else {
            Issue.record("the next launch shows \(handle.phase.name), not the page from its image")
            return
        }
        #expect(try books(try data.read("author")) == ["The Dispossessed 1", "The Dispossessed (revised) 5"])
        #expect(transport.requests.isEmpty)
    }
}
