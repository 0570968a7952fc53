import Foundation
import Testing
@testable import LatticeBench

@MainActor
@Suite struct CallgrindLauncherTests {
    @Test func theChildsFolderNameHasOneLengthWhateverItsProcessAndNonce() {
        let names = [(Int32(7), UInt32(0)), (Int32.max, UInt32.max), (Int32(41_235), UInt32(0xBEEF))]
            .map { CallgrindLauncher.directoryName(process: $0.0, nonce: $0.1) }
        #expect(Set(names.map(\.count)).count == 1, "a length that varied would move the child's heap")
        #expect(names[0] == "lattice-callgrind-00000007-00000000")
        #expect(Set(names).count == names.count)
    }

    /// The child's environment is built, not inherited: a variable of the parent's (HOME, set
    /// by every shell) would move the child's heap with its length. Only the variables the
    /// caller names are passed on.
    @Test func theChildsEnvironmentIsFixedWhateverTheParentsIs() {
        let parent = ["HOME": "/home/someone", "SPEC_FOLDER": "/tmp/spec", "PATH": "/opt/bin"]
        let exact = CallgrindLauncher.childEnvironment(deterministicHashing: true, from: parent)
        let seeded = CallgrindLauncher.childEnvironment(deterministicHashing: false, from: parent)
        #expect(exact["HOME"] == nil)
        #expect(exact["SWIFT_DETERMINISTIC_HASHING"] == "1")
        #expect(seeded["SWIFT_DETERMINISTIC_HASHING"] == nil)
        #expect(exact["MALLOC_CONF"] == "dirty_decay_ms:-1,muzzy_decay_ms:-1")
        #expect(exact["PATH"] == "/usr/bin:/bin")
        #expect(Set(exact.keys) == ["PATH", "MALLOC_CONF", "SWIFT_DETERMINISTIC_HASHING"])
        let passing = CallgrindLauncher.childEnvironment(deterministicHashing: true,
                                                         passing: ["SPEC_FOLDER", "UNSET"], from: parent)
        #expect(passing["SPEC_FOLDER"] == "/tmp/spec")
        #expect(Set(passing.keys) == ["PATH", "MALLOC_CONF", "SWIFT_DETERMINISTIC_HASHING", "SPEC_FOLDER"],
                "a named variable the parent lacks stays unset")
    }

    /// A passed folder reaches the child through a link in the child's folder, whose path has
    /// one length wherever the checkout is; a value that is not an existing absolute path is
    /// passed as it is.
    @Test func aPassedFolderReachesTheChildThroughALinkOfOneLength() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let short = scratch.appendingPathComponent("a/spec")
        let long = scratch.appendingPathComponent("a/much/longer/checkout/path/spec")
        for folder in [short, long] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        var seen: [String] = []
        for (index, folder) in [short, long].enumerated() {
            let links = scratch.appendingPathComponent(CallgrindLauncher.directoryName(process: 1, nonce: UInt32(index)))
            try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
            let parent = ["SPEC_FOLDER": folder.path, "MODE": "fast", "GONE": scratch.appendingPathComponent("gone").path]
            let environment = CallgrindLauncher.childEnvironment(deterministicHashing: true,
                                                                 passing: ["SPEC_FOLDER", "MODE", "GONE"],
                                                                 from: parent, linkingPathsInto: links)
            let linked = try #require(environment["SPEC_FOLDER"])
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linked) == folder.path)
            #expect(environment["MODE"] == "fast")
            #expect(environment["GONE"] == parent["GONE"])
            seen.append(linked)
        }
        #expect(seen[0].count == seen[1].count, "the child's paths must not grow with the checkout's")
    }
}
