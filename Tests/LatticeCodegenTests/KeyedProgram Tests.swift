import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import KeyedLenses
import Testing

/// Issue 39 from the app's side through generated code alone: Tests/Fixtures/KeyedSchema's
/// identity (`_id`, a composite, a type-scoped key, an unkeyed type) configured in lattice.json
/// and generated into the program (Tests/Generated/KeyedLenses), whose schema is then keyed as
/// its documents were compiled.
@MainActor @Suite struct KeyedProgramTests {
    static let folder = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/KeyedSchema")
    static let identity = RecordIdentity([
        "Author": .keyed(RecordKey(fields: ["_id"])),
        "Book": .keyed(RecordKey(fields: ["isbn", "edition"])),
        "Price": .unkeyed,
        "Review": .keyed(RecordKey(fields: ["id"], scope: .type(space: "Review"))),
    ])

    static func source(_ path: String) throws -> GraphQLSource {
        GraphQLSource(text: try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8),
                      name: folder.appendingPathComponent(path).path)
    }

    @Test func theCheckedInCodeIsWhatTheGeneratorWrites() throws {
        // Keyed as the config the checked-in code was generated with says, read from it.
        let url = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Generated/KeyedLenses.lattice.json")
        let config = try GenerateConfig(json: try Data(contentsOf: url), at: url)
        let schema = try SchemaBuilder.build(sources: [try Self.source("schema.graphql")]).keyed(by: config.identity)
        let operations = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("operations").path)
            .sorted().map { try Self.source("operations/" + $0) }
        let output = try SwiftGenerator.generate(try Program(schema: schema, documents: operations), isPublic: true,
                                                 programName: "KeyedProgram")
        let generated = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Generated/KeyedLenses")
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: generated.path)
            .filter { $0.hasSuffix(".graphql.swift") }.sorted()
        #expect(output.files.map(\.name) == checkedIn)
        for file in output.files {
            let text = try String(contentsOf: generated.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "\(file.name) differs: run lattice generate --config Tests/Generated/KeyedLenses.lattice.json")
        }
    }

    /// The generated program's schema is keyed as lattice.json says, so its digest is the one
    /// the program carries (the image is kept under it) and a key read from it is the configured one.
    @Test func theGeneratedProgramsSchemaIsKeyedAsConfigured() throws {
        let schema = KeyedProgram.program.schema
        #expect(schema.identity == Self.identity)
        #expect(schema.digest == KeyedProgram.schemaDigest)
        #expect(schema.key(of: "Book") == RecordKey(fields: ["isbn", "edition"]))
        #expect(schema.key(of: "Price") == nil)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aGeneratedQueryStoresItsBooksByTheirCompositeKey(strategy: PhaseStrategy) async throws {
        let book: JSONValue = .object(["isbn": .string("978-0"), "edition": .int(2), "title": .string("The Dispossessed"),
                                       "stars": .int(5), "price": .object(["amount": .int(12), "currency": .string("EUR")])])
        let answer = GraphQLResponse(data: .object(["author": .object([
            "_id": .string("a1"), "name": .string("Ursula"), "books": .array([book]),
        ])]))
        let transport = FixtureTransport(responses: [
            FixtureResponse(operation: "AuthorPage", variables: ["id": .string("a1")], case: "ok", response: answer),
        ])
        transport.enqueue("AuthorPage")
        let environment = Environment(program: KeyedProgram.program, transport: transport,
                                      configuration: .init(strategy: strategy, clock: ManualScheduler()))
        let handle = environment.attach(AuthorPageQuery.self, variables: .init(id: DataID("a1")))
        await handle.handle.waitForFetch()
        #expect(handle.data?.author?.books.map(\.title) == ["The Dispossessed"])
        #expect(handle.data?.author?.books.first?.price?.amount == 12)
        #expect(environment.store.record(DataID("978-0:2")) != nil)
        #expect(environment.store.record(DataID("a1")) != nil)
    }
}
