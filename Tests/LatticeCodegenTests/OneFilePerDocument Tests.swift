import Lattice
import LatticeCodegen
import LatticeTesting
import Testing

/// The build plugin's layout (`SwiftGenerator.Output.oneFilePerDocument`): a file for each
/// document, named before the generator runs, and the schema's types.
@MainActor @Suite struct OneFilePerDocumentTests {
    let fixtures: CompiledSpec

    init() throws {
        fixtures = try CodegenFixtures.spec.get()
    }

    @Test func eachDocumentGetsOneFileWithAllItsDefinitionsAndTheSchemaTypesAndTheProgramTwoMore() throws {
        let documents = try fixtures.spec.operations().map(\.url.path)
        let output = try SwiftGenerator.generate(fixtures.program)
        let files = try output.oneFilePerDocument(documents)
        #expect(files.map(\.name) == documents.map { path in
            String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".graphql", with: ".graphql.swift")
        } + ["SchemaTypes.graphql.swift", "LatticeProgram.graphql.swift"])
        // Every definition's code is in its document's file, without its own header.
        let dashboard = try #require(files.first { $0.name == "Dashboard.graphql.swift" })
        #expect(dashboard.text.hasPrefix(SwiftGenerator.header + " from Dashboard.graphql; do not edit.\nimport Lattice\n\n"))
        #expect(dashboard.text.contains("public enum DashboardQuery: TypedQuery") == false)
        #expect(dashboard.text.contains("enum DashboardQuery: TypedQuery"))
        #expect(dashboard.text.components(separatedBy: "import Lattice").count == 2)
    }

    @Test func twoDocumentsOfOneNameAreAProblemNotAnOverwrite() throws {
        let output = try SwiftGenerator.generate(fixtures.program)
        #expect(throws: GenerateFailure.self) {
            try output.oneFilePerDocument(["a/Dashboard.graphql", "b/dashboard.graphql"])
        }
        // The program's file is taken too.
        #expect(throws: GenerateFailure.self) {
            try output.oneFilePerDocument(["a/latticeProgram.graphql"])
        }
    }
}
