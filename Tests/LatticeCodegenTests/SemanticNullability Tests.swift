import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import SemanticLenses
import Testing

/// Issue 39, item 4, from the app's side: Tests/Fixtures/SemanticNullability's generated types
/// (Tests/Generated/SemanticLenses) over the fixture transport, under each phase strategy.
/// `@semanticNonNull` positions are non-optional where the document handles errors, and an
/// error there throws at the read or is caught; `@alias` names spreads and inline fragments.
@MainActor @Suite struct SemanticNullabilityTests {
    let fixtures: CompiledSpec

    init() throws {
        fixtures = try CodegenFixtures.semantic.get()
    }

    func environment(_ strategy: PhaseStrategy, _ operation: String, _ answer: String) -> Environment {
        let transport = fixtures.transport()
        transport.enqueue(operation, .fixture(case: answer))
        return Environment(program: SemanticProgram.program, transport: transport,
                           configuration: .init(strategy: strategy, clock: ManualScheduler()))
    }

    @Test func theCheckedInCodeIsWhatTheGeneratorWrites() throws {
        let output = try SwiftGenerator.generate(fixtures.program, isPublic: true, programName: "SemanticProgram")
        let folder = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Generated/SemanticLenses")
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".graphql.swift") }.sorted()
        #expect(output.files.map(\.name) == checkedIn)
        for file in output.files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "\(file.name) differs: run lattice generate --config Tests/Generated/SemanticLenses.lattice.json")
        }
    }

    /// Under `@throwOnFieldError` the semantically non-null positions are non-optional (the
    /// types below would not compile otherwise) and read their values.
    @Test(arguments: PhaseStrategy.allCases)
    func aThrowingDocumentReadsSemanticPositionsNonOptional(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "BookThrowing", "ok")
        let handle = environment.attach(BookThrowingQuery.self, variables: .init(id: "Book:1"))
        await handle.handle.waitForFetch()
        let book = try #require(try handle.data?.book)
        let title: String = try book.title
        let tags: [String] = try book.tags
        let chapters: [BookThrowingQuery.Data.Book.Chapters]? = try book.chapters
        let author: BookThrowingQuery.Data.Book.Author = try book.author
        #expect(title == "Dune" && tags == ["classic", "desert"])
        #expect(try chapters?.map { try $0.title } == ["One"])
        #expect(try author.name == "Frank Herbert")
        #expect(try book.subtitle == nil)
    }

    /// An error on a semantically non-null field fails the throwing document's phase, and its
    /// accessor throws the field's errors; so does an error on a list's item at level 1.
    @Test(arguments: PhaseStrategy.allCases)
    func anErrorOnASemanticPositionThrowsAtTheRead(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "BookThrowing", "titleError")
        let handle = environment.attach(BookThrowingQuery.self, variables: .init(id: "Book:1"))
        await handle.handle.waitForFetch()
        #expect(handle.handle.phase.failure?.name == "read.fieldErrors", "\(handle.handle.phase)")
        let bound = BoundArtifact(BookThrowingQuery.artifact, variables: ["id": .string("Book:1")])
        let data = BookThrowingQuery.Data(lens: Lens(bound,
                                                      record: try #require(environment.store.record(.root))))
        let book = try #require(try data.book)
        #expect {
            _ = try book.title
        } throws: { error in
            guard case ReadError.fieldErrors(_, "title", let errors) = error else { return false }
            return errors.map(\.message) == ["title service down"]
        }
        #expect(throws: ReadError.self) { _ = try book.tags }
        #expect(try book.author.name == "Frank Herbert")
    }

    /// A null with no error at a semantically non-null position breaks the schema's promise:
    /// the throwing document's accessor throws rather than give a value. (The phase, as for a
    /// non-null field a server nulls without an error, does not weigh it: its verdict walks
    /// errors and missing fields.)
    @Test(arguments: PhaseStrategy.allCases)
    func aNullWithoutAnErrorOnASemanticPositionThrowsToo(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "BookThrowing", "titleNull")
        let handle = environment.attach(BookThrowingQuery.self, variables: .init(id: "Book:1"))
        await handle.handle.waitForFetch()
        let book = try #require(try handle.data?.book)
        #expect {
            _ = try book.title
        } throws: { error in
            guard case ReadError.unexpectedNull(_, "title") = error else { return false }
            return true
        }
        #expect(try book.tags == ["classic"])
    }

    /// Without `@throwOnFieldError` the schema's nullable types stand (Relay's rule): the error
    /// reads `nil` and stays on the field; under `@catch` the positions are non-null again and
    /// the errors are caught, never thrown.
    @Test(arguments: PhaseStrategy.allCases)
    func aDocumentThatDoesNotHandleErrorsReadsTheSchemasNullableTypes(strategy: PhaseStrategy) async throws {
        let environment = environment(strategy, "BookPlain", "titleError")
        let handle = environment.attach(BookPlainQuery.self, variables: .init(id: "Book:1"))
        await handle.handle.waitForFetch()
        let book = try #require(handle.data?.book)
        let title: String? = book.title
        let tags: [String?]? = book.tags
        #expect(title == nil && tags == ["classic", nil])
        #expect(book.lens.fieldErrors("title")?.map(\.message) == ["title service down"])
        #expect(book.caughtTitle == nil)
        guard case .failure(let errors) = book.author else {
            Issue.record("the author's error is not caught: \(book.author)")
            return
        }
        #expect(errors.map(\.message) == ["name service down"])
    }

    /// An aliased spread of a fragment on a narrower type is an optional reference, `nil`
    /// for a record of another type; aliased inline fragments read under their names, the
    /// one without a type condition always there.
    @Test(arguments: PhaseStrategy.allCases)
    func aliasedFragmentsReadUnderTheirNames(strategy: PhaseStrategy) async throws {
        let bookEnvironment = environment(strategy, "NodeAliased", "book")
        let onBook = bookEnvironment.attach(NodeAliasedQuery.self, variables: .init(id: "Book:1"))
        await onBook.handle.waitForFetch()
        let book = try #require(onBook.data?.node)
        let card = try #require(book.book)
        #expect(BookCard(card).title == "Dune")
        #expect(book.writer == nil && book.Author == nil)
        #expect(book.identity.id == "Book:1")

        let authorEnvironment = environment(strategy, "NodeAliased", "author")
        let onAuthor = authorEnvironment.attach(NodeAliasedQuery.self, variables: .init(id: "Author:1"))
        await onAuthor.handle.waitForFetch()
        let author = try #require(onAuthor.data?.node)
        #expect(author.book == nil)
        #expect(author.writer?.name == "Frank Herbert")
        #expect(author.Author?.id == "Author:1")
    }
}
