import Testing
@testable import Lattice

@MainActor
@Suite struct MaskingTests {
    static let document = """
    query ViewerQuery { viewer { login ...Bio_user } }
    fragment Bio_user on User { bio name }
    """

    @Test func aSpreadIsReadThroughTheFragmentsOwnLens() throws {
        let artifacts = try TestDocuments.compile(Self.document)
        let store = Store()
        let bound = BoundArtifact(artifacts["ViewerQuery"]!)
        try store.commit(GraphQLResponse(data: try .parse(#"{"viewer": {"id": "U1", "login": "ada", "bio": "b", "name": "Ada"}}"#)), for: bound)
        let viewer: Lens = try Lens(bound, record: store.record(.root)!).read("viewer")
        #expect(viewer.selection.lensKeys == ["login"])
        let bio = try #require(try viewer.fragment("Bio_user"))
        #expect(bio.id == DataID("U1"))
        #expect(try bio.read("bio") as String == "b")
        #expect(try bio.read("name") as String? == "Ada")
    }

    @Test func anOperationsLensCannotReadInsideItsSpreads() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let artifacts = try? TestDocuments.compile(MaskingTests.document)
                let store = Store()
                let bound = BoundArtifact(artifacts!["ViewerQuery"]!)
                _ = try? store.commit(GraphQLResponse(data: try? .parse(#"{"viewer": {"id": "U1", "login": "ada", "bio": "b", "name": "A"}}"#)), for: bound)
                let viewer: Lens? = try? Lens(bound, record: store.record(.root)!).read("viewer")
                _ = try? viewer?.read("bio") as String?
            }
        }
    }
}
