import Lattice

/// Issue 23's compile benchmark document: one query of `sections` sections, each a union,
/// holding `cards` cards, each a union, holding `metas` metas, each a union. Each union has
/// three members; the first holds the next level, the other two are leaves, so the document
/// grows as sections x cards x metas (10 x 50 x 20 is 1.2 MB of GraphQL, 115,611 accessors
/// were each selection its own type), the shape of the record's system's own compile
/// benchmark. Deterministic: the same sizes give the same text.
public struct UnionDocument: Sendable, Hashable {
    /// Sections, cards a section and metas a card.
    public let sections: Int, cards: Int, metas: Int

    /// The document of `sections` x `cards` x `metas`; each at least 1.
    public init(sections: Int, cards: Int, metas: Int) {
        precondition(sections > 0 && cards > 0 && metas > 0, "a union document needs every level")
        self.sections = sections
        self.cards = cards
        self.metas = metas
    }

    /// The schema: `Query.page`, `Page.sections`, and the unions `Section`, `Card` and `Meta`
    /// of three members each. - Complexity: O(1).
    public static let schema: GraphQLSource = {
        var lines = ["type Query { page: Page }", "type Page { sections(first: Int): Section }"]
        for (level, child) in [("Section", "card"), ("Card", "meta"), ("Meta", nil)] {
            let members = ["A", "B", "C"].map { level + $0 }
            lines.append("union \(level) = \(members.joined(separator: " | "))")
            for member in members {
                let link = child.map { ", \($0)(index: Int!): \($0.prefix(1).uppercased() + $0.dropFirst())" } ?? ""
                lines.append("type \(member) { id: ID!, title: String, weight: Int\(link) }")
            }
        }
        return GraphQLSource(text: lines.joined(separator: "\n") + "\n", name: "schema.graphql")
    }()

    /// The query `Page`. - Complexity: O(sections x cards x metas).
    public var document: GraphQLSource {
        func members(_ level: String, holding children: String) -> String {
            "... on \(level)A { id title \(children)} ... on \(level)B { id weight } ... on \(level)C { id weight }"
        }
        let meta = (0..<metas).map { "m\($0): meta(index: \($0)) { __typename \(members("Meta", holding: "")) }" }
            .joined(separator: " ")
        let card = (0..<cards).map { "c\($0): card(index: \($0)) { __typename \(members("Card", holding: meta + " ")) }" }
            .joined(separator: " ")
        let sectionLines = (0..<sections).map {
            "    s\($0): sections(first: \($0 + 1)) { __typename \(members("Section", holding: card + " ")) }\n"
        }
        return GraphQLSource(text: "query Page {\n  page {\n" + sectionLines.joined() + "  }\n}\n", name: "Page.graphql")
    }
}
