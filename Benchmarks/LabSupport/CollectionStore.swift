import Foundation
import Lattice

/// A store made for collection passes, with the roots it retains, in the two shapes the
/// decision record's system measured its collector on: one root reaching 50,004 records, and
/// 300 roots reaching one record each. Every record is reachable, so a pass marks them all and
/// sweeps none, and one store serves every pass of a benchmark.
///
/// Written with the record's page's schema and documents (`CharacterNames`, `CharacterName`),
/// as a server would answer them.
@MainActor
public struct CollectionStore {
    /// The store.
    public let store: Store
    /// The roots it retains (`Store.retain`), as an environment's attached handles do.
    public let retentions: [Retention]

    /// No release buffer: a root released is collected at the next pass, so a pass measures
    /// marking what the retained roots reach and nothing else.
    static let configuration = Store.Configuration(releaseBufferSize: 0)

    /// One root, `CharacterNames` (its default page), reaching `count` characters of one
    /// origin: with the origin, the page, its info and the root record, `count + 4` records.
    /// - Throws: `RecordPageError`, or `NormalizeError` if the answer did not fit (a bug here).
    /// - Complexity: one commit of `count` characters.
    public static func oneRoot(characters count: Int, in fixture: RecordPageFixture) throws -> CollectionStore {
        let operation = try fixture.operation("CharacterNames")
        let store = Store(configuration: Self.configuration)
        try store.commit(characterNames(count), for: operation)
        return CollectionStore(store: store, retentions: [store.retain(operation)])
    }

    /// A store that retains no root, and the records `oneRoot(characters:in:)` commits
    /// (`count + 4`, the root record's link to the page among them), normalized: a pass over
    /// the store after the delta's commit keeps none of them but the root record.
    /// - Throws: as `oneRoot(characters:in:)`. - Complexity: one normalization of `count` characters.
    public static func unrooted(characters count: Int,
                                in fixture: RecordPageFixture) throws -> (store: Store, refill: RecordSourceDelta) {
        let operation = try fixture.operation("CharacterNames")
        let refill = try ResponseNormalizer.normalize(characterNames(count), for: operation).delta
        return (Store(configuration: Self.configuration), refill)
    }

    /// `CharacterNames`' answer: `count` characters of one origin.
    private static func characterNames(_ count: Int) -> GraphQLResponse {
        let origin = JSONValue.object(["id": .string(nodeID("Location", 1)), "name": .string("Origin")])
        let results = (0..<count).map { index in
            JSONValue.object(["id": .string(nodeID("Character", index + 1)), "name": .string("Character \(index + 1)"),
                              "origin": origin])
        }
        let page = JSONValue.object(["info": .object(["count": .int(count)]), "results": .array(results)])
        return GraphQLResponse(data: .object(["characters": page]))
    }

    /// `count` roots, `CharacterName` for as many characters, each reaching its character (and
    /// the root record, which every root shares): `count + 1` records.
    /// - Throws: as `oneRoot(characters:in:)`. - Complexity: `count` commits of one record.
    public static func roots(_ count: Int, in fixture: RecordPageFixture) throws -> CollectionStore {
        let store = Store(configuration: Self.configuration)
        var retentions: [Retention] = []
        for index in 0..<count {
            let id = nodeID("Character", index + 1)
            let operation = try fixture.operation("CharacterName", variables: ["id": .string(id)])
            let character = JSONValue.object(["id": .string(id), "name": .string("Character \(index + 1)")])
            try store.commit(GraphQLResponse(data: .object(["character": character])), for: operation)
            retentions.append(store.retain(operation))
        }
        return CollectionStore(store: store, retentions: retentions)
    }

    /// The fixture's ids: base64 of `Type:n`, as `generate.py` spells them.
    public static func nodeID(_ typename: String, _ number: Int) -> String {
        Data("\(typename):\(number)".utf8).base64EncodedString()
    }
}
