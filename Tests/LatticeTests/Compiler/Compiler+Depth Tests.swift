import Testing
@testable import GraphQLSyntax
import LatticeTesting
@testable import Lattice

/// Nesting is bounded through fragment spreads, and the walks of a document at the bound fit
/// a 512 KiB stack: past it, a located error naming the limit, never a stack overflow.
@MainActor
@Suite struct CompilerDepthTests {
    static let limit = Compiler.maximumDepth

    static func compile(_ text: String) throws -> [String: Artifact] {
        try TestDocuments.compileNesting(text)
    }

    /// `query Q { root { ...F0 } }` and `count` fragments, each spreading the next.
    static func chain(_ count: Int) -> String {
        var text = "query Q { root { ...F0 } }\n"
        for index in 0..<count {
            let spread = index + 1 < count ? " ...F\(index + 1)" : ""
            text += "fragment F\(index) on T { name\(spread) }\n"
        }
        return text
    }

    /// `query Q { root { child { child { … name } } } }` with `levels` sets in all.
    static func nested(_ levels: Int) -> String {
        "query Q {" + String(repeating: " root {", count: 1) + String(repeating: " child {", count: levels - 2)
            + " name" + String(repeating: " }", count: levels - 1) + " }"
    }

    func nestingDiagnostics(_ text: String) throws -> [Diagnostic] {
        try SmallStack.run {
            do {
                _ = try Self.compile(text)
                return []
            } catch let failure as CompileFailure {
                return failure.diagnostics
            }
        }
    }

    @Test func aChainOfTenThousandFragmentsGetsOneLocatedErrorNamingTheLimit() throws {
        let found = try nestingDiagnostics(Self.chain(10_000))
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        // Fragments compile from the end of the chain: F(n - k) nests k sets, so the first
        // spread past the limit is F(n - limit) in F(n - limit - 1), written on that line + 2.
        let spreader = 10_000 - Self.limit - 1
        #expect(diagnostic.problem == .nestingTooDeep(limit: Self.limit, fragment: "F\(spreader + 1)"))
        #expect(diagnostic.line == spreader + 2)
        #expect(diagnostic.description.contains("more than \(Self.limit) levels deep"))
    }

    @Test func aChainReachingTheLimitCompilesWithItsDepth() throws {
        // The query's set and `root`'s, then the fragments' sets one level each.
        let artifacts = try SmallStack.run { try Self.compile(Self.chain(Self.limit - 2)) }
        #expect(try #require(artifacts["Q"]).selectionSet.depth == Self.limit)
    }

    @Test func setsWrittenPastTheLimitAreLocated() throws {
        #expect(try nestingDiagnostics(Self.nested(Self.limit)).isEmpty)
        let found = try nestingDiagnostics(Self.nested(Self.limit + 1))
        #expect(found.map(\.problem) == [.nestingTooDeep(limit: Self.limit, fragment: nil)])
        #expect(found.first?.line == 1)
    }

    /// Documents nesting `depth` levels of each kind the parser bounds.
    static func parserNestings(depth: Int) -> [String] {
        [
            "{" + String(repeating: " a {", count: depth - 1) + " b" + String(repeating: " }", count: depth),
            "{" + String(repeating: " ... on T {", count: depth - 1) + " b" + String(repeating: " }", count: depth),
            "{ a(x: " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + ") }",
            "{ a(x: " + String(repeating: "{a: ", count: depth - 1) + "1" + String(repeating: "}", count: depth - 1) + ") }",
            "type T { f: " + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth) + " }",
        ]
    }

    @Test func parsingAndPrintingAtTheParsersLimitFitASmallStack() throws {
        let limit = Parser.maximumDepth
        for text in Self.parserNestings(depth: limit) {
            let printed = try SmallStack.run { () throws -> (String, String) in
                let document = try GraphQLSyntax.parse(Source(text: text, name: "doc.graphql"))
                return (document.printed(), document.astJSON())
            }
            #expect(!printed.0.isEmpty && !printed.1.isEmpty)
        }
        for text in Self.parserNestings(depth: limit + 1) {
            let outcome = try SmallStack.run { () -> SyntaxError? in
                do throws(SyntaxError) {
                    _ = try GraphQLSyntax.parse(Source(text: text, name: "doc.graphql"))
                    return nil
                } catch {
                    return error
                }
            }
            #expect(outcome?.reason == .nestingTooDeep(limit: limit), "\(text.prefix(20))")
        }
    }

    @Test func everyWalkOfADocumentAtTheLimitFitsASmallStack() throws {
        let artifact = try #require(try Self.compile(Self.nested(Self.limit))["Q"])
        #expect(artifact.selectionSet.depth == Self.limit)
        let json = #"{"root": {"# + String(repeating: #""child": {"#, count: Self.limit - 2)
            + #""name": "deepest""# + String(repeating: "}", count: Self.limit)
        let data = try JSONValue.parse(json)
        let bound = BoundArtifact(artifact)
        let store = Store()
        let result = try SmallStack.run { try ResponseNormalizer.normalize(GraphQLResponse(data: data), for: bound) }
        try store.commit(GraphQLResponse(data: data), for: bound)
        let root = try #require(store.record(.root))
        let read = try SmallStack.run { StoreReader.read(bound, root: root) }
        let availability = try SmallStack.run { DataChecker.check(bound, in: store) }
        let verdict = try SmallStack.run { VerdictReads.untracked(bound, root: root, counters: nil) }
        var marker = ReferenceMarker(collection: 1)
        let marked = try SmallStack.run { marker.visit(bound, from: root) }
        #expect(result.delta.order.count == Self.limit)
        #expect(read.data == data)
        #expect(availability.status == .available)
        #expect(verdict.isFine)
        #expect(marked && marker.reached == Self.limit)
    }
}
