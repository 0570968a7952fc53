import Foundation
import LatticeBench
import Testing

/// `FileErrorReason`, the one place a file error becomes words: Foundation's errors for the
/// common failures give the system's reason and the file, never a bare Cocoa code.
@Suite struct FileErrorReasonTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-error-reason-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The reason and the file of what `body` throws.
    func failure(_ body: () throws -> Void) -> (reason: String, file: String?)? {
        do {
            try body()
            return nil
        } catch {
            return (FileErrorReason.describe(error), FileErrorReason.file(of: error))
        }
    }

    @Test func readingAFolderSaysItIsADirectory() throws {
        let found = try #require(failure { _ = try Data(contentsOf: folder) })
        #expect(found.reason == "Is a directory")
        #expect(found.file == folder.path)
    }

    @Test func writingOverAFolderSaysItIsADirectory() throws {
        let found = try #require(failure { try Data("x".utf8).write(to: folder, options: .atomic) })
        #expect(found.reason == "Is a directory")
        #expect(found.file == folder.path)
    }

    @Test func aMissingFileOrFolderSaysSo() throws {
        let missing = folder.appendingPathComponent("absent/manifest.json")
        let read = try #require(failure { _ = try Data(contentsOf: missing) })
        #expect(read.reason == "No such file or directory")
        let written = try #require(failure { try Data("x".utf8).write(to: missing, options: .atomic) })
        #expect(written.reason == "No such file or directory")
        #expect(written.file == missing.path)
    }

    @Test func aFolderWhereAFileIsSaysWhatIsInTheWay() throws {
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let found = try #require(failure {
            try FileManager.default.createDirectory(at: file.appendingPathComponent("inner"), withIntermediateDirectories: true)
        })
        #expect(found.reason == "Not a directory")
        #expect(!found.reason.contains("NSCocoaErrorDomain"))
    }
}
