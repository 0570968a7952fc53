import Testing
@testable import GraphQLSyntax

/// Hostile nesting gets a located error, never a stack overflow.
@Suite struct NestingTests {
    static let limit = Parser.maximumDepth

    enum Nesting: CaseIterable {
        case selectionSets, lists, objects, listTypes

        func document(depth: Int) -> String {
            switch self {
            case .selectionSets:
                "{" + String(repeating: "a {", count: depth) + "b" + String(repeating: "}", count: depth + 1)
            case .lists:
                "{ a(x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ") }"
            case .objects:
                "{ a(x: " + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth) + ") }"
            case .listTypes:
                "type T { f: " + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth) + " }"
            }
        }
    }

    @Test(arguments: Nesting.allCases)
    func nestingIsBounded(nesting: Nesting) throws {
        #expect(syntaxError(nesting.document(depth: Self.limit - 1)) == nil, "within the limit parses")
        let error = try #require(syntaxError(nesting.document(depth: 100_000)), "100,000 deep is rejected")
        #expect(error.reason == .nestingTooDeep(limit: Self.limit))
        #expect(error.line == 1)
    }

    @Test func errorPointsAtTheFirstLevelPastTheLimit() throws {
        let text = String(repeating: "{a", count: Self.limit + 1) + String(repeating: "}", count: Self.limit + 1)
        let error = try #require(syntaxError(text))
        #expect(error.column == 2 * Self.limit + 1)
    }
}
