import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import SpecLenses
import Testing

/// Selections of one definition that would be written alike share one struct (the later ones
/// are `typealias`es of the first): what is shared, what is not, and that a shared type still
/// reads each selection's own data.
@MainActor @Suite struct SharedShapeTests {
    func generate(_ document: GraphQLSource, schema: GraphQLSource) throws -> SwiftGenerator.Output {
        let program = try Program(schema: try SchemaBuilder.build(sources: [schema]), documents: [document])
        return try SwiftGenerator.generate(program)
    }

    func generate(_ document: String, schema: String) throws -> SwiftGenerator.Output {
        try generate(GraphQLSource(text: document, name: "Q.graphql"), schema: GraphQLSource(text: schema, name: "schema.graphql"))
    }

    func lines(of output: SwiftGenerator.Output, starting prefix: String) -> [String] {
        output.files.flatMap { $0.text.split(separator: "\n") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
    }

    /// The aliases of `output`, the operations' `Variables` left out.
    func aliases(of output: SwiftGenerator.Output) -> [String] {
        lines(of: output, starting: "typealias ").filter { !$0.hasPrefix("typealias Variables") }
    }

    @Test(arguments: [(2, 3, 2), (4, 6, 5)])
    func repeatedSelectionsAddAliasesNotStructs(sections: Int, cards: Int, metas: Int) throws {
        let union = UnionDocument(sections: sections, cards: cards, metas: metas)
        let output = try generate(union.document, schema: UnionDocument.schema)
        // Data, Page, S0 and its first member, C0 and its first member, M0 and its first
        // member, and one struct for every `{ id weight }` member, of whichever union.
        #expect(lines(of: output, starting: "struct ").count == 9)
        #expect(aliases(of: output).count == (sections - 1) + (cards - 1) + (metas - 1) + 5)
        #expect(aliases(of: output).contains("typealias S\(sections - 1) = PageQuery.Data.Page.S0"))
        #expect(aliases(of: output).contains("typealias M\(metas - 1) = PageQuery.Data.Page.S0.AsSectionA.C0.AsCardA.M0"))
        #expect(aliases(of: output).contains("typealias AsMetaC = PageQuery.Data.Page.S0.AsSectionB"))
        // Accessors grow with sections + cards + metas, not with their product.
        #expect(output.accessors == 21 + sections + cards + metas)
    }

    @Test func selectionsThatReadDifferentlyKeepTheirOwnStructs() throws {
        let schema = """
            enum RequiredAction { NONE LOG THROW }
            directive @required(action: RequiredAction! = NONE) on FIELD
            type Query { a: T, b: T, c: T, d: T, e: T }
            type T { x: String, y: Int }
            """
        // a and b are alike; c reads x non-null, d reads another field, e reads y at x's place.
        let output = try generate("query Q { a { x } b { x } c { x @required(action: LOG) } d { x y } e { y } }", schema: schema)
        #expect(aliases(of: output) == ["typealias B = QQuery.Data.A"])
        #expect(lines(of: output, starting: "struct ").count == 5)
    }

    @Test func aSharedTypeReadsEachSelectionsOwnData() throws {
        let fixtures = try CodegenFixtures.spec.get()
        #expect(DashboardQuery.Data.Viewer.Following.self == DashboardQuery.Data.Viewer.Followers.self)
        let store = Store()
        let bound = BoundArtifact(try fixtures.artifact("Dashboard"))
        try store.commit(try fixtures.response("Dashboard").response, for: bound)
        let root = try #require(store.record(.root))
        let data = DashboardQuery.Data(lens: Lens(bound, record: root))
        let viewer: Lens = try data.lens.read("viewer")
        let followers: Lens = try viewer.read("followers")
        let following: Lens = try viewer.read("following")
        #expect(try data.viewer.followers.totalCount == followers.read("totalCount") as Int)
        #expect(try data.viewer.following.totalCount == following.read("totalCount") as Int)
        // The fixture's two counts differ, so a type that read the first selection's field
        // for both would fail one of the lines above.
        #expect(try data.viewer.followers.totalCount != data.viewer.following.totalCount)
    }
}
