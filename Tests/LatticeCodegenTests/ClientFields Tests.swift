import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import ClientFieldLenses
import Testing

/// Issue 39, item 3, from the app's side through generated code: Tests/Fixtures/ClientFields's
/// client schema (`isSelected`, `shelf` on the server's `Book`) generated into typed lenses
/// (Tests/Generated/ClientFieldLenses), read and written by local updates, under each phase
/// strategy.
@MainActor @Suite struct ClientFieldsTests {
    static let folder = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/ClientFields")

    static func source(_ path: String) throws -> GraphQLSource {
        GraphQLSource(text: try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8),
                      name: folder.appendingPathComponent(path).path)
    }

    static func environment(_ strategy: PhaseStrategy) -> (Environment, FixtureTransport) {
        let answer = GraphQLResponse(data: .object(["book": .object([
            "id": .string("Book:1"), "title": .string("Dune"),
        ])]))
        let transport = FixtureTransport(responses: [
            FixtureResponse(operation: "BookCard", variables: ["id": .string("Book:1")], case: "ok", response: answer),
        ])
        transport.enqueue("BookCard")
        return (Environment(program: ClientFieldProgram.program, transport: transport,
                            configuration: .init(strategy: strategy, clock: ManualScheduler())), transport)
    }

    @Test func theCheckedInCodeIsWhatTheGeneratorWrites() throws {
        let schema = try SchemaBuilder.build(sources: [try Self.source("schema.graphql")],
                                             clientSources: [try Self.source("client.graphql")])
        let program = try Program(schema: schema, documents: [try Self.source("operations/BookCard.graphql")])
        let output = try SwiftGenerator.generate(program, isPublic: true, programName: "ClientFieldProgram")
        let generated = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Generated/ClientFieldLenses")
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: generated.path)
            .filter { $0.hasSuffix(".graphql.swift") }.sorted()
        #expect(output.files.map(\.name) == checkedIn)
        for file in output.files {
            let text = try String(contentsOf: generated.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "\(file.name) differs: run lattice generate --config Tests/Generated/ClientFieldLenses.lattice.json")
        }
        // The generated program's digest is the server schema's: the client file adds nothing to it.
        #expect(ClientFieldProgram.schemaDigest == (try SchemaBuilder.build(sources: [try Self.source("schema.graphql")])).digest)
    }

    /// `clientSchema` in lattice.json: a list of files, resolved against the config's folder;
    /// anything else is refused naming the key.
    @Test func theConfigNamesClientSchemaFiles() throws {
        let url = URL(fileURLWithPath: "/app/lattice.json")
        let config = try GenerateConfig(json: Data(#"{"schema": ["s.graphql"], "clientSchema": ["client.graphql"]}"#.utf8), at: url)
        #expect(config.clientSchema == ["/app/client.graphql"])
        #expect(try GenerateConfig(json: Data(#"{"schema": ["s.graphql"]}"#.utf8), at: url).clientSchema.isEmpty)
        let refused = try #require(throws: GenerateConfigError.self) {
            try GenerateConfig(json: Data(#"{"schema": ["s.graphql"], "clientSchema": "client.graphql"}"#.utf8), at: url)
        }
        #expect(refused.description.hasPrefix("/app/lattice.json: `clientSchema`"))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aGeneratedClientFieldReadsNullUntilALocalUpdateAndRerunsOnlyItsReaders(strategy: PhaseStrategy) async throws {
        let (environment, transport) = Self.environment(strategy)
        let handle = environment.attach(BookCardQuery.self, variables: .init(id: "Book:1"))
        await handle.handle.waitForFetch()
        #expect(transport.requests.first?.query.contains("isSelected") == false)
        #expect(transport.requests.first?.query.contains("shelf") == false)
        let book = try #require(handle.data?.book)
        let isSelected: Bool? = book.isSelected
        let shelf: ShelfKind? = book.shelf
        #expect(isSelected == nil && shelf == nil)
        let titleReader = BodyProbe { handle.data?.book?.title }
        let selectionReader = BodyProbe { handle.data?.book?.isSelected }
        try environment.commitLocalUpdate { update in
            try update.set("isSelected", of: DataID("Book:1"), to: .bool(true))
            try update.set("shelf", of: DataID("Book:1"), to: .string("READING"))
        }
        #expect(selectionReader.flush() && selectionReader.value == true)
        #expect(!titleReader.flush())
        #expect(book.shelf == .reading)
        #expect(transport.requests.count == 1)
    }
}
