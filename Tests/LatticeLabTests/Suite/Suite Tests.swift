import Foundation
import Testing
@testable import LatticeLab

@Suite struct SuiteTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Package.swift declares the executables' targets; the suite names which run. Each it names
    /// must be a target under Benchmarks/ and a product in Package.swift's `benchmarks` list.
    @Test func everyExecutableOfTheSuiteIsABenchmarkTarget() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for executable in Suite.lattice.executables {
            let main = Self.root.appendingPathComponent("Benchmarks/\(executable.name)/main.swift")
            #expect(FileManager.default.fileExists(atPath: main.path), "no \(main.path)")
            #expect(manifest.contains("\"\(executable.name)\""), "Package.swift does not list \(executable.name)")
        }
        #expect(Suite.lattice.executable(named: Suite.lattice.profiled) != nil)
        #expect(Set(Suite.lattice.executables.map(\.name)).count == Suite.lattice.executables.count)
    }
}
