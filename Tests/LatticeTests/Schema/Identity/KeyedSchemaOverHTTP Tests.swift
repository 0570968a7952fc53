import Foundation
import Testing
@testable import Lattice
import LatticeTesting

/// The keyed schema (Tests/Fixtures/KeyedSchema: `_id`, a composite, type-scoped ids, an
/// unkeyed type) end to end over HTTP, its answers executed by the loopback server
/// (`scripts/server.py --schema keyed`), under the three phase strategies: an author's page
/// normalized and read, reviews paged to the end (edges named from their scoped keys), a rating
/// shown optimistically then the server's, the page written to the image and shown by the next
/// launch before any request, and a book deleted by `@deleteRecord` on its object.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct KeyedSchemaOverHTTPTests {
    let program: Program

    init() throws {
        program = try KeyedSchema.program()
    }

    func environment(_ server: LoopbackServer, _ strategy: PhaseStrategy, image: URL? = nil) throws -> Environment {
        Environment(program: program, transport: HTTPTransport(url: try server.url("/graphql")),
                    configuration: .init(strategy: strategy, image: image))
    }

    func artifact(_ name: String) throws -> Artifact {
        try #require(program[name])
    }

    /// The books of the author page `handle` shows, as `title stars price`.
    static func books(_ handle: OperationHandle) -> [String] {
        guard case .ready(let data) = handle.phase, let author: Lens = try? data.read("author"),
              let books: [Lens] = try? author.read("books") else { return [] }
        return books.map { book in
            let title = (try? book.read("title") as String?) ?? nil
            let stars = (try? book.read("stars") as Int?) ?? nil
            let price: Lens? = (try? book.read("price") as Lens?) ?? nil
            let amount = (try? price?.read("amount") as Int?) ?? nil
            return "\(title ?? "-") \(stars.map(String.init) ?? "-") \(amount.map(String.init) ?? "-")"
        }
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPageIsReadPagedUpdatedDeletedAndShownAfterARelaunch(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start(options: ["--schema", "keyed"])
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-keyed-http-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("store.sqlite")
        let variables: [String: JSONValue] = ["id": .string("a1")]
        do {
            let environment = try environment(server, strategy, image: image)
            let page = environment.attach(try artifact("AuthorPage"), variables: variables)
            await page.waitForFetch()
            #expect(Self.books(page) == ["The Dispossessed 4 10", "The Dispossessed (revised) 5 12"])
            #expect(environment.store.record(DataID("978-0:1")) != nil)

            // Reviews paged to the end: seven, each its own record keyed in the Review space.
            let reviews = environment.attach(try artifact("Reviews"), variables: ["first": .int(2)])
            await reviews.waitForFetch()
            let pager = try environment.paginate(reviews)
            var pages = 1
            while pager.hasNext && pages < 10 {
                try await pager.loadNext(2)
                pages += 1
            }
            guard case .ready(let data) = reviews.phase, let connection: Lens = try data.read("reviews") else {
                Issue.record("reviews show \(reviews.phase.name)")
                return
            }
            let edges: [Lens?] = try connection.read("edges")
            let texts = edges.map { edge -> String in
                let node: Lens? = (try? edge?.read("node") as Lens?) ?? nil
                return ((try? node?.read("text") as String?) ?? nil) ?? "-"
            }
            #expect(pages == 4)
            #expect(texts == (1...7).map { "review \($0)" })
            #expect(environment.store.record(DataID("Review:7")) != nil)

            // A rating shown at once on the composite record, then the server's answer.
            let pending = try environment.commitMutation(
                try artifact("RateBook"), variables: ["isbn": .string("978-0"), "edition": .int(2), "stars": .int(3)],
                optimisticResponse: .object(["rateBook": .object(["stars": .int(1), "isbn": .string("978-0"), "edition": .int(2)])]))
            #expect(Self.books(page) == ["The Dispossessed 4 10", "The Dispossessed (revised) 1 12"])
            _ = try await pending.answer()
            #expect(Self.books(page) == ["The Dispossessed 4 10", "The Dispossessed (revised) 3 12"])
            await environment.imageWritten()
            #expect(environment.imageLog.isEmpty)

            await environment.closeImage()
        }
        // The next launch: the reviews from the image, before any request (their nodes keyed
        // in the Review space, their books by isbn and edition).
        let next = try environment(server, strategy, image: image)
        let relaunched = next.attach(try artifact("Reviews"), variables: ["first": .int(2)], policy: .storeOnly)
        guard case .ready(let data) = relaunched.phase, let connection: Lens = try data.read("reviews") else {
            Issue.record("the next launch shows reviews \(relaunched.phase.name), not the image's")
            return
        }
        let edges: [Lens?] = try connection.read("edges")
        #expect(edges.count == 7)

        // The first edition deleted by its object's key: its record reads as gone.
        let page = next.attach(try artifact("AuthorPage"), variables: variables, policy: .storeOnly)
        #expect(Self.books(page) == ["The Dispossessed 4 10", "The Dispossessed (revised) 3 12"])
        _ = try await next.mutate(try artifact("RemoveBook"), variables: ["isbn": .string("978-0"), "edition": .int(1)])
        #expect(next.store.record(DataID("978-0:1"))?.type == .nonexistent)
        #expect(next.store.record(DataID("978-0:2"))?.type != .nonexistent)
        await next.imageWritten()
        await next.closeImage()

        // A launch after the deletion: the reviews still show, the deleted edition read from
        // its row as deleted (a link to it reads as null), not as data the store lacks.
        let third = try environment(server, strategy, image: image)
        let afterDeletion = third.attach(try artifact("Reviews"), variables: ["first": .int(2)], policy: .storeOnly)
        guard case .ready(let shown) = afterDeletion.phase, let shownConnection: Lens = try shown.read("reviews") else {
            Issue.record("after a deletion the next launch shows reviews \(afterDeletion.phase.name)")
            return
        }
        let shownEdges: [Lens?] = try shownConnection.read("edges")
        let titles = shownEdges.map { edge -> String in
            let node: Lens? = (try? edge?.read("node") as Lens?) ?? nil
            let book: Lens? = (try? node?.read("book") as Lens?) ?? nil
            return ((try? book?.read("title") as String?) ?? nil) ?? "null"
        }
        // The server's odd reviews are of the second edition, its even ones of the first.
        #expect(titles == (1...7).map { $0 % 2 == 1 ? "The Dispossessed (revised)" : "null" })
        #expect(third.store.record(DataID("978-0:1"))?.type == .nonexistent)
    }
}
