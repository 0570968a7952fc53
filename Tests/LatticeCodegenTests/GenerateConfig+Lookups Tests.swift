import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import SpecLenses
import Testing

/// lattice.json's `"lookups"` (issue 39): checked against the schema, each bad one refused at
/// its line in the config; written into the generated program only when there are any; and
/// a program from generated code that carries them answers its lookups from the store.
@MainActor @Suite struct GenerateConfigLookupsTests {
    static let config = """
    {"schema": ["schema.graphql"], "documents": ["operations"], "output": "Generated",
     "lookups": [
       "Query.node",
       "Query.nod", "Query.viewer"]}
    """

    static func parsed() throws -> GenerateConfig {
        try GenerateConfig(json: Data(config.utf8), at: URL(fileURLWithPath: "/app/lattice.json"))
    }

    @Test func badLookupsAreRefusedWhereTheConfigWritesThem() throws {
        let config = try Self.parsed()
        #expect(config.lookups == ["Query.node", "Query.nod", "Query.viewer"])
        let schema = try CodegenFixtures.spec.get().program.schema
        #expect(throws: GenerateConfigError.lookups([
            "/app/lattice.json:4:4: lookup Query.nod: Query has no field nod",
            "/app/lattice.json:4:17: lookup Query.viewer: the field takes no argument id, the key of the records it returns",
        ])) {
            try config.checkedLookups(schema: schema)
        }
        var good = config
        good.lookups = ["Query.node"]
        #expect(try good.checkedLookups(schema: schema).fields == [LookupField(type: "Query", field: "node")])
    }

    @Test func theProgramFileCarriesTheLookupsOnlyWhenThereAreAny() throws {
        let spec = try CodegenFixtures.spec.get().program
        let withLookups = try Program(schema: spec.schema, documents: spec.sources,
                                      lookups: try Lookups(["Query.node"], schema: spec.schema))
        let file = { (program: Program) throws -> String in
            let output = try SwiftGenerator.generate(program, programName: "AppProgram")
            return try #require(output.files.first { $0.name == "AppProgram.graphql.swift" }).text
        }
        #expect(try file(withLookups).contains("    static let lookups: [String] = [\"Query.node\"]\n"))
        #expect(!(try file(spec)).contains("lookups"))
    }

    /// A generated program with lookups: SpecProgram's schema, documents and compiled forms.
    enum LookupProgram: GeneratedProgram {
        static let schemaDigest = SpecProgram.schemaDigest
        static let program = Program(generated: LookupProgram.self)
        static var compiled: [String: String] { SpecProgram.compiled }
        static var schema: [GraphQLSource] { SpecProgram.schema }
        static var documents: [GraphQLSource] { SpecProgram.documents }
        static let lookups: [String] = ["Query.node"]
    }

    @Test func aGeneratedProgramsLookupsAreAnsweredFromTheStore() async throws {
        #expect(LookupProgram.program.lookups.fields == [LookupField(type: "Query", field: "node")])
        #expect(SpecProgram.program.lookups.isEmpty)
        let fixtures = try CodegenFixtures.spec.get()
        let transport = fixtures.transport()
        let environment = Environment(program: LookupProgram.program, transport: transport)
        let dashboard = try #require(LookupProgram.program["Dashboard"])
        let handle = environment.attach(dashboard, variables: try fixtures.response("Dashboard").variables)
        await handle.waitForFetch()
        // The viewer the dashboard wrote, a User, by `node(id:)`: what IssueAuthorCard selects
        // of any node (`__typename`, `id`) is there, and its `... on Issue` passes a User over.
        let viewer = try #require(environment.store.record(.root)?.field(FieldKey("viewer")))
        guard case .link(let id) = viewer.value else {
            Issue.record("no viewer link: \(viewer)")
            return
        }
        let card = environment.attach(try #require(LookupProgram.program["IssueAuthorCard"]),
                                      variables: ["id": .string(id.rawValue)], policy: .storeOrNetwork)
        #expect(card.availability == .available)
        await card.waitForFetch()
        #expect(transport.requests.map(\.operationName) == ["Dashboard"])
    }
}
