import Foundation
import Testing
import Lattice
import LatticeTesting

@Suite final class SpecTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-spec-\(UUID().uuidString)")
        let spec = root.appendingPathComponent("spec")
        for folder in ["operations", "responses", "Tests/Deep/Er"] {
            let url = (folder.hasPrefix("Tests") ? root : spec).appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        try write("spec/schema.graphql", "type Query { a: Int }")
        try write("spec/directives.graphql", "directive @throwOnFieldError on QUERY")
        try write("spec/operations/B.graphql", "query B { a }")
        try write("spec/operations/A.graphql", "query A { a }")
        try write("spec/operations/notes.txt", "not a document")
        try write("spec/responses/A.ok.json", #"{"operation": "A", "variables": {}, "response": {"data": {"a": 1}}}"#)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    @Test func walksUpFromTheCallersFileToTheSpecFolderAndReadsIt() throws {
        try #require(ProcessInfo.processInfo.environment["LATTICE_SPEC"] == nil,
                     "LATTICE_SPEC is set; this test checks the walk up without it")
        let spec = try Spec.locate(filePath: root.appendingPathComponent("Tests/Deep/Er/File.swift").path)
        #expect(spec.root.standardizedFileURL.path == root.appendingPathComponent("spec").standardizedFileURL.path)
        #expect(try spec.schema() == "type Query { a: Int }")
        #expect(try spec.directives().contains("@throwOnFieldError"))
        #expect(try spec.operations().map(\.name) == ["A", "B"])
        #expect(try spec.operations().first?.text == "query A { a }")
        #expect(try spec.responses().map(\.case) == ["ok"])
    }

    @Test func aMissingFileIsNamedInTheError() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("spec/directives.graphql"))
        let spec = Spec(root: root.appendingPathComponent("spec"))
        do {
            _ = try spec.directives()
            Issue.record("expected a failure")
        } catch {
            #expect(error.description.contains("directives.graphql"))
        }
    }

    @Test func theRepositorysOwnSpecIsFound() throws {
        let spec = try Spec.locate()
        #expect(FileManager.default.fileExists(atPath: spec.repositoryRoot.appendingPathComponent("Package.swift").path))
    }
}
