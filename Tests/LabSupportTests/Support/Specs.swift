import Foundation
import LatticeTesting

/// The two spec folders of the repository, found from this file (not `LATTICE_SPEC`, which a
/// run may point anywhere), each compiled once.
enum Specs {
    /// The repository's root, above Tests/LabSupportTests/Support/.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// spec/.
    static let main = Result { try CompiledSpec.load(spec: Spec(root: repositoryRoot.appendingPathComponent("spec"))) }

    /// Tests/Fixtures/SmallSpec, the recipe app.
    static let small = Result {
        try CompiledSpec.load(spec: Spec(root: smallRoot))
    }

    /// Where the small spec is.
    static let smallRoot = repositoryRoot.appendingPathComponent("Tests/Fixtures/SmallSpec")
}
