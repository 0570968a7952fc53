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

    /// A new spec folder under the temporary directory: empty `operations/` and `responses/`,
    /// and spec/'s client directives (the small spec's `directives.graphql` is a link to them).
    static func temporaryFolder(_ prefix: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        for folder in ["operations", "responses"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder),
                                                    withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: smallRoot.appendingPathComponent("directives.graphql").resolvingSymlinksInPath(),
                                         to: root.appendingPathComponent("directives.graphql"))
        return root
    }
}
