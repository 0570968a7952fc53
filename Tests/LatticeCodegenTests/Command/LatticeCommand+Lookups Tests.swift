import Foundation
import Testing

/// `lattice generate --config` with `"lookups"`: a bad lookup fails the run at its line in the
/// config, nothing written; good ones land in the program file. Runs the `lattice` of this
/// build, which lands beside the test bundle.
@Suite(.enabled(if: LatticeBinary.isAvailable, "needs the lattice binary, built with the tests"))
struct LatticeCommandLookupsTests {
    let folder: URL
    let spec = CodegenFixtures.repositoryRoot.appendingPathComponent("spec")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-lookups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Generates LabelChip_label with `lookups` in the config: the exit status and stderr.
    func generate(lookups: String) throws -> (status: Int32, stderr: String) {
        let config = folder.appendingPathComponent("lattice.json")
        try Data("""
        {"schema": ["\(spec.path)/schema.graphql"],
         "documents": ["\(spec.path)/operations/LabelChip_label.graphql"], "output": "Generated",
         "lookups": [\(lookups)]}
        """.utf8).write(to: config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LatticeBinary.path)
        process.arguments = ["generate", "--config", config.path]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let printed = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    @Test func aBadLookupFailsAtItsLine() throws {
        let (status, stderr) = try generate(lookups: #""Query.node", "Query.search""#)
        #expect(status == 1)
        // A prefix: under a sanitizer the child's leak summary follows on stderr.
        #expect(stderr.hasPrefix("\(folder.path)/lattice.json:3:28: lookup Query.search: its type SearchResultItemConnection! "
            + "cannot be a record's (a list, a leaf, or a type with no keyed object)\n"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    @Test func goodLookupsLandInTheProgram() throws {
        let (status, stderr) = try generate(lookups: #""Query.node""#)
        #expect(status == 0, "\(stderr)")
        let program = try String(contentsOf: folder.appendingPathComponent("Generated/LatticeProgram.graphql.swift"),
                                 encoding: .utf8)
        #expect(program.contains("static let lookups: [String] = [\"Query.node\"]"))
    }
}
