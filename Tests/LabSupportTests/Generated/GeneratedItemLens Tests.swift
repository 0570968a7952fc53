import Foundation
import LabSupport
import Lattice
import LatticeCodegen
import Testing

/// The generated lens FieldRead's generated readers read through
/// (Benchmarks/LabSupport/Generated): what `lattice generate` writes for `GeneratedSchema`'s
/// `Item` query, so the benchmark measures the code an app would get.
@MainActor @Suite struct GeneratedItemLensTests {
    static let folder = Specs.repositoryRoot.appendingPathComponent("Benchmarks/LabSupport/Generated")

    /// Set `LATTICE_UPDATE_GENERATED=1` to write the folder instead of comparing with it: the
    /// schema and document are made in code (`GeneratedSchema`), so no config file can name them.
    @Test func theCheckedInLensIsWhatTheGeneratorWritesForTheItemQuery() throws {
        let output = try SwiftGenerator.generate(try GeneratedSchema.program(rowSizes: [], throwOnFieldError: false),
                                                 isPublic: true)
        if ProcessInfo.processInfo.environment["LATTICE_UPDATE_GENERATED"] == "1" {
            _ = try GeneratedFolder(Self.folder).update(to: output.files)
        }
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".graphql.swift") }.sorted()
        #expect(output.files.map(\.name) == checkedIn)
        for file in output.files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "\(file.name) differs: run LATTICE_UPDATE_GENERATED=1 swift test --filter GeneratedItemLens")
        }
    }

    @Test func itsAccessorsReadWhatTheKeyedLensReads() throws {
        let program = try GeneratedSchema.program(rowSizes: [], throwOnFieldError: false)
        let artifact = try #require(program[GeneratedSchema.itemName])
        let bound = BoundArtifact(artifact, variables: ["id": .string("Item:7")])
        let store = Store()
        try store.commit(GeneratedSchema.itemResponse(id: "Item:7"), for: bound)
        let root = try #require(store.record(.root))
        let item = try #require(try ItemQuery.Data(lens: Lens(bound, record: root)).item)
        let keyed: Lens = try Lens(bound, record: root).read("item")
        #expect(try item.f0 == keyed.read("f0") as String?)
        #expect(try item.f7 == "v7")
    }
}
