import Foundation
import Testing
@testable import Lattice
import LatticeTesting

/// The loopback server refuses a manifest that would run another document than the one an
/// id names (issue 36: it took an id given twice, keeping the last text, and an id whose text
/// does not hash to it): it does not start, and `LoopbackServer.start` says why.
@Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct LoopbackServerManifestTests {
    static let text = "query Echo { __typename }"
    /// SHA-256 of `text`, as `lattice persisted-documents` writes an id.
    static var id: String { SHA256.hex(of: text) }

    /// A manifest file holding `json`, in a folder of its own.
    static func manifest(_ json: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("manifest.json")
        try Data(json.utf8).write(to: url)
        return url
    }

    /// Why `start` refused the manifest `json`; `nil` (and the server stopped) if it started.
    static func refusal(_ json: String) async throws -> String? {
        let manifest = try manifest(json)
        defer { try? FileManager.default.removeItem(at: manifest.deletingLastPathComponent()) }
        do {
            let server = try await LoopbackServer.start(options: ["--manifest", manifest.path])
            server.stop()
            return nil
        } catch let error as LoopbackServer.StartError {
            return error.description
        }
    }

    @Test func aManifestOfWellFormedIDsStarts() async throws {
        #expect(try await Self.refusal(#"{"\#(Self.id)": "\#(Self.text)"}"#) == nil)
    }

    @Test func anIDGivenTwiceIsRefused() async throws {
        let refusal = try #require(try await Self.refusal(
            #"{"\#(Self.id)": "\#(Self.text)", "\#(Self.id)": "query Other { __typename }"}"#))
        #expect(refusal.contains("the id \(Self.id) is given twice"), "\(refusal)")
    }

    @Test func anIDThatIsNotItsTextsHashIsRefused() async throws {
        let wrong = String(repeating: "0", count: 64)
        let refusal = try #require(try await Self.refusal(#"{"\#(wrong)": "\#(Self.text)"}"#))
        #expect(refusal.contains("the id \(wrong) is not the SHA-256 of its text, which is \(Self.id)"), "\(refusal)")
    }
}
