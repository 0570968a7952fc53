import Testing
@testable import Lattice

/// A fragment reached more than once on the same record is walked once, so fragment fan-out
/// costs linear time in every walk through spreads: unmemoized, these documents take 2^37
/// walks of the deepest fragment and never finish inside the time limit.
@MainActor
@Suite(.hangGuard) struct SpreadMemoTests {
    /// Fragments F0…F(depth - 1), each selecting `name` and spreading the next twice.
    static func fanOut(depth: Int) -> String {
        var text = "query Q { root { ...F0 } }\n"
        for index in 0..<depth {
            let spreads = index + 1 < depth ? " ...F\(index + 1) ...F\(index + 1)" : ""
            text += "fragment F\(index) on T { name\(spreads) }\n"
        }
        return text
    }

    @Test func fanOutAsDeepAsTheLimitAllowsIsWalkedOncePerRecord() throws {
        // The query's and root's sets, then one level per fragment.
        let depth = Compiler.maximumDepth - 2
        let artifacts = try TestDocuments.compileNesting(Self.fanOut(depth: depth))
        let query = try #require(artifacts["Q"])
        #expect(query.reachesAFragmentTwice)
        #expect(query.selectionSet.depth == Compiler.maximumDepth)
        let bound = BoundArtifact(query)
        let data = try JSONValue.parse(#"{"root": {"name": "n"}}"#)
        let store = Store()
        try store.commit(GraphQLResponse(data: data), for: bound)
        let root = try #require(store.record(.root))
        #expect(StoreReader.read(bound, root: root).data == data)
        #expect(DataChecker.check(bound, in: store).status == .available)
        _ = store.retain(bound)
        #expect(store.collectGarbage().isEmpty)
    }

    /// F(i) spreads A(i) and B(i), which both select `child { ...F(i + 1) }`: the same object
    /// reached through two fragments. F(depth - 1) selects `name`, which the store lacks.
    static func diamond(depth: Int) -> String {
        var text = "query Q { root { ...F0 } }\n"
        for index in 0..<depth - 1 {
            text += "fragment F\(index) on T { ...A\(index) ...B\(index) }\n"
            text += "fragment A\(index) on T { child { ...F\(index + 1) } }\n"
            text += "fragment B\(index) on T { child { id ...F\(index + 1) } }\n"
        }
        return text + "fragment F\(depth - 1) on T { name }\n"
    }

    @Test func anObjectReachedThroughTwoFragmentsIsReadOnce() throws {
        let depth = 12
        let query = try #require(try TestDocuments.compileNesting(Self.diamond(depth: depth))["Q"])
        #expect(query.reachesAFragmentTwice)
        let bound = BoundArtifact(query)
        // root, then depth - 1 children, each with B's `id`; the last with F(depth - 1)'s `name`.
        var object = JSONValue.object(["name": .string("deepest"), "id": .null])
        for _ in 1..<(depth - 1) { object = .object(["child": object, "id": .null]) }
        let data = JSONValue.object(["root": .object(["child": object])])
        let store = Store()
        try store.commit(GraphQLResponse(data: data), for: bound)
        let root = try #require(store.record(.root))
        #expect(StoreReader.read(bound, root: root).data == data)
        // With the deepest link moved to a record never received, its fields are found
        // missing once each (`name` by A's path, `id` by B's), not 2^11 times.
        let deepest = try #require(store.snapshot().records.first { $0.value["name"] != nil }?.key)
        let parent = try #require(store.snapshot().records.first { $0.value["child"]?.value == .link(deepest) }?.key)
        var delta = RecordSourceDelta()
        delta.set(FieldState(value: .link(DataID("never-received"))), for: FieldKey("child"), on: parent)
        _ = store.publish(delta)
        let path = "root" + String(repeating: ".child", count: depth - 1)
        #expect(StoreReader.read(bound, root: root).missing == [path + ".name", path + ".id"])
    }

    @Test func aDocumentReachingEachFragmentOnceKeepsNoMemo() throws {
        let artifacts = try TestDocuments.compileNesting("""
        query Q { root { ...A child { ...B } } }
        fragment A on T { name ...B }
        fragment B on T { name }
        """)
        #expect(try #require(artifacts["Q"]).reachesAFragmentTwice)
        #expect(try #require(artifacts["A"]).reachesAFragmentTwice == false)
        let single = try TestDocuments.compileNesting("query Q { root { ...A } } fragment A on T { name }")
        #expect(try #require(single["Q"]).reachesAFragmentTwice == false)
    }
}
