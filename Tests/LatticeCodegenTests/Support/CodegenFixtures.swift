import Foundation
import LatticeCodegen
import LatticeTesting

/// The spec folders the codegen tests read, each compiled once for the process, and spec/'s
/// public output generated once. Compiled per test, they kept the tests' main actor busy for
/// so long under AddressSanitizer that other suites' one-minute limits ran out waiting for it
/// (the CI rehearsal of 2026-12-03: three tests timed out in a 222 s run).
enum CodegenFixtures {
    /// The repository, above Tests/LatticeCodegenTests/Support/.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// spec/.
    static let spec = Result { try CompiledSpec.load(spec: Spec(root: repositoryRoot.appendingPathComponent("spec"))) }
    /// Tests/Fixtures/SmallSpec.
    static let small = Result {
        try CompiledSpec.load(spec: Spec(root: repositoryRoot.appendingPathComponent("Tests/Fixtures/SmallSpec")))
    }
    /// Tests/Fixtures/HostileNames.
    static let hostile = Result {
        try CompiledSpec.load(spec: Spec(root: repositoryRoot.appendingPathComponent("Tests/Fixtures/HostileNames")))
    }
    /// Tests/Fixtures/SemanticNullability.
    static let semantic = Result {
        try CompiledSpec.load(spec: Spec(root: repositoryRoot.appendingPathComponent("Tests/Fixtures/SemanticNullability")))
    }
    /// What the generator writes for spec/ with public types (Tests/Generated/SpecLenses).
    static let specPublic = Result {
        try SwiftGenerator.generate(spec.get().program, isPublic: true, programName: "SpecProgram")
    }
}
