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
    /// Issue 23's union document (scripts/lab/union_document.py) at `sections` x `cards` x
    /// `metas`, in the script's shape: each level a union whose first member holds the next.
    func unionDocument(_ sections: Int, _ cards: Int, _ metas: Int) -> String {
        func members(_ level: String, _ children: String) -> String {
            "... on \(level)A { id title \(children)} ... on \(level)B { id weight } ... on \(level)C { id weight }"
        }
        let meta = (0..<metas).map { "m\($0): meta(index: \($0)) { __typename \(members("Meta", "")) }" }
        let card = (0..<cards).map { "c\($0): card(index: \($0)) { __typename \(members("Card", meta.joined(separator: " ") + " ")) }" }
        let section = (0..<sections).map {
            "s\($0): sections(first: \($0 + 1)) { __typename \(members("Section", card.joined(separator: " ") + " ")) }"
        }
        return "query Page { page { \(section.joined(separator: " ")) } }"
    }

    let unionSchema = """
        type Query { page: Page }
        type Page { sections(first: Int): Section }
        union Section = SectionA | SectionB | SectionC
        type SectionA { id: ID!, title: String, weight: Int, card(index: Int!): Card }
        type SectionB { id: ID!, title: String, weight: Int, card(index: Int!): Card }
        type SectionC { id: ID!, title: String, weight: Int, card(index: Int!): Card }
        union Card = CardA | CardB | CardC
        type CardA { id: ID!, title: String, weight: Int, meta(index: Int!): Meta }
        type CardB { id: ID!, title: String, weight: Int, meta(index: Int!): Meta }
        type CardC { id: ID!, title: String, weight: Int, meta(index: Int!): Meta }
        union Meta = MetaA | MetaB | MetaC
        type MetaA { id: ID!, title: String, weight: Int }
        type MetaB { id: ID!, title: String, weight: Int }
        type MetaC { id: ID!, title: String, weight: Int }
        """

    func generate(_ document: String, schema: String) throws -> SwiftGenerator.Output {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: schema, name: "schema.graphql")])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: document, name: "Page.graphql")])
        return try SwiftGenerator.generate(program)
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
        let output = try generate(unionDocument(sections, cards, metas), schema: unionSchema)
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
