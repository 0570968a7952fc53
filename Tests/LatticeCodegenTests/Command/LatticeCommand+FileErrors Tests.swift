import Foundation
import Testing

/// `lattice generate` and `lattice persisted-documents` name the file they cannot read or
/// write and what is wrong in words (issue 36: a config that is a folder said "(NSCocoaErrorDomain
/// error 256.)", a manifest written over a folder "(NSCocoaErrorDomain error 512.)"). Runs the
/// `lattice` of this build, which lands beside the test bundle.
@Suite(.enabled(if: LatticeBinary.isAvailable, "needs the lattice binary, built with the tests"))
struct LatticeCommandFileErrorsTests {
    let folder: URL
    let spec = CodegenFixtures.repositoryRoot.appendingPathComponent("spec")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-file-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Runs `lattice arguments`: its exit status and what it printed on stderr.
    func lattice(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LatticeBinary.path)
        process.arguments = arguments
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let printed = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    var schemaArguments: [String] {
        ["--schema", spec.appendingPathComponent("schema.graphql").path,
         "--schema", spec.appendingPathComponent("directives.graphql").path]
    }

    @Test func generateWithAFolderForItsConfigSaysItIsADirectory() throws {
        let (status, stderr) = try lattice(["generate", "--config", folder.path])
        #expect(status == 1)
        #expect(stderr.hasPrefix("lattice generate: cannot read \(folder.path): Is a directory"), "\(stderr)")
        #expect(!stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func generateWithAMissingConfigSaysSo() throws {
        let missing = folder.appendingPathComponent("lattice.json").path
        let (status, stderr) = try lattice(["generate", "--config", missing])
        #expect(status == 1)
        #expect(stderr.hasPrefix("lattice generate: cannot read \(missing): No such file or directory"), "\(stderr)")
    }

    @Test func generateIntoAFileNamesItAndWhatIsWrong() throws {
        let file = folder.appendingPathComponent("Generated")
        try Data("not a folder".utf8).write(to: file)
        let (status, stderr) = try lattice(["generate"] + schemaArguments
            + ["--output", file.path, spec.appendingPathComponent("operations/LabelChip_label.graphql").path])
        #expect(status == 1)
        #expect(stderr.hasPrefix("lattice generate: cannot write \(file.path): Not a directory"), "\(stderr)")
    }

    @Test func persistedDocumentsOverAFolderSaysItIsADirectory() throws {
        let (status, stderr) = try lattice(["persisted-documents"] + schemaArguments
            + ["--output", folder.path, spec.appendingPathComponent("operations/Dashboard.graphql").path])
        #expect(status == 1)
        #expect(stderr.hasPrefix("lattice persisted-documents: cannot write \(folder.path): Is a directory"), "\(stderr)")
    }

    @Test func persistedDocumentsIntoAMissingFolderSaysSo() throws {
        let missing = folder.appendingPathComponent("absent/manifest.json").path
        let (status, stderr) = try lattice(["persisted-documents"] + schemaArguments
            + ["--output", missing, spec.appendingPathComponent("operations/Dashboard.graphql").path])
        #expect(status == 1)
        #expect(stderr.hasPrefix("lattice persisted-documents: cannot write \(missing): No such file or directory"),
                "\(stderr)")
    }
}

/// The `lattice` of this build: every product lands in the test bundle's folder.
enum LatticeBinary {
    static let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("lattice").path
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }
}
