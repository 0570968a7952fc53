import Foundation
@testable import LatticeBench
import LatticeLab
import Testing
@testable import LatticeSuite

/// The suite's declaration against the package and spec/limits.json: what it names exists, and
/// the names the limits file writes are names `SuiteBenchmark` builds.
@Suite struct LatticeSuiteDeclarationTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Package.swift declares the executables' targets; the suite names which run. Each it names
    /// must be a target under Benchmarks/ and a product in Package.swift's `benchmarks` list.
    @Test func everyExecutableOfTheSuiteIsABenchmarkTarget() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for executable in LatticeSuite().executables {
            let main = Self.root.appendingPathComponent("Benchmarks/\(executable.name)/main.swift")
            #expect(FileManager.default.fileExists(atPath: main.path), "no \(main.path)")
            #expect(manifest.contains("\"\(executable.name)\""), "Package.swift does not list \(executable.name)")
        }
        #expect(LatticeSuite().executable(named: LatticeSuite().profiled.executable) != nil)
        #expect(Set(LatticeSuite().executables.map(\.name)).count == LatticeSuite().executables.count)
    }

    /// Every benchmark spec/limits.json names (each limit's for each strategy of the chain, the
    /// goals', the decision records' own) is a name of the suite's scheme, and the chain weighs
    /// the suite's strategies: the limits file writes the names the executables declare.
    @Test func theLimitsFileNamesTheSuitesBenchmarks() throws {
        let limits = try LabFiles.limits(Self.root.appendingPathComponent("spec/limits.json").path)
        #expect(Set(limits.chain) == Set(LatticeSuite().strategies.map(\.name)))
        let named = limits.chain.flatMap { limits.limits(for: $0) } + limits.goals + limits.decisions.flatMap(\.limits)
        #expect(!named.isEmpty)
        for limit in named {
            for name in [limit.benchmark] + (limit.relativeTo.map { [$0] } ?? []) {
                #expect(SuiteBenchmark(name: name) != nil, "\(limit.id): \(name) is not a name of the suite")
            }
        }
    }

    /// The flamegraph's pattern selects the derived tracked phase reads, and nothing else PhaseRead
    /// declares.
    @Test func theProfiledPatternSelectsTheDerivedTrackedRead() {
        let filter = NameFilter(pattern: LatticeSuite().profiled.pattern)
        #expect(filter.matches(SuiteBenchmark.phaseRead(strategy: "derived", operation: "Dashboard", tracked: true).name))
        #expect(!filter.matches(SuiteBenchmark.phaseRead(strategy: "derived", operation: "Dashboard", tracked: false).name))
        #expect(!filter.matches(SuiteBenchmark.phaseRead(strategy: "stored", operation: "Dashboard", tracked: true).name))
    }
}
