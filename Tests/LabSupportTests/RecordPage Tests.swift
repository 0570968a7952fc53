import Foundation
import LabSupport
import Lattice
import Testing

/// The record's page and the stores of its collection passes: what RecordPage measures must be
/// what its names say.
@MainActor
@Suite struct RecordPageTests {
    let fixture: RecordPageFixture

    init() throws {
        fixture = try RecordPageFixture.load()
    }

    /// The records of `store` by the type their id names (`generate.py` spells ids as base64
    /// of `Type:n`), client records under `client`.
    func recordsByType(_ store: Store) -> [String: Int] {
        var counts: [String: Int] = [:]
        for id in store.source.ids {
            let type = id.isClient ? "client"
                : Data(base64Encoded: id.rawValue).flatMap { String(data: $0, encoding: .utf8) }?
                    .split(separator: ":").first.map(String.init) ?? "unreadable"
            counts[type, default: 0] += 1
        }
        return counts
    }

    @Test func thePageNormalizesIntoNineHundredRecordsOfTheRecordedShape() throws {
        // About the recorded page's 686 KB.
        #expect((680_000...700_000).contains(fixture.bytes.count))
        let store = try fixture.store()
        #expect(store.source.count == 900)
        // The root, the page and its info; every character of the page and of the casts; the
        // episodes and places they reach.
        #expect(recordsByType(store) == ["client": 3, "Character": 828, "Episode": 51, "Location": 18])
        #expect(DataChecker.check(fixture.page, in: store).status == .available)
        _ = store.retain(fixture.page)
        #expect(store.collectGarbage().isEmpty)
    }

    @Test func theReadBodyReadsEightFieldsOfTheFirstCharacter() throws {
        let store = try fixture.store()
        let character = try fixture.firstCharacter(in: store)
        #expect(RecordPageFixture.characterFields.count == 8)
        for key in RecordPageFixture.characterFields {
            let value: String? = try character.read(key)
            #expect(value != nil, "\(key) of \(character.id)")
        }
    }

    @Test func oneRootReaches50004Records() throws {
        let collection = try CollectionStore.oneRoot(characters: 50_000, in: fixture)
        #expect(collection.store.source.count == 50_004)
        #expect(collection.store.retainedCount == 1)
        // A pass keeps them all, so every pass of the benchmark marks all of them.
        #expect(collection.store.collectGarbage().isEmpty)
        #expect(collection.store.source.count == 50_004)
        collection.store.release(collection.retentions[0])
        #expect(collection.store.collectGarbage().count == 50_003)
    }

    @Test func threeHundredRootsReachOneRecordEach() throws {
        let collection = try CollectionStore.roots(300, in: fixture)
        #expect(collection.store.source.count == 301)
        #expect(collection.store.retainedCount == 300)
        #expect(collection.store.collectGarbage().isEmpty)
        // Each root keeps its own character and no other.
        collection.store.release(collection.retentions[0])
        collection.store.release(collection.retentions[1])
        #expect(collection.store.collectGarbage().count == 2)
        #expect(collection.store.source.count == 299)
    }
}

/// `generate.py check`: the committed response is what graphql-core answers for the text the
/// runtime sends, over the seeded graph. Runs with the repository's Python (`LATTICE_PYTHON`,
/// else `.venv/bin/python`, which scripts/test.sh makes) and the `lattice` binary built beside
/// this test bundle; skipped without them (a fresh clone's first `swift test`).
@Suite(.enabled(if: RecordPageCheck.isAvailable, Comment(rawValue: RecordPageCheck.howToEnable)))
struct RecordPageCheckTests {
    @Test func checkModeRegeneratesTheCommittedResponse() throws {
        let (status, output) = try RecordPageCheck.run()
        #expect(status == 0, "\(output)")
        #expect(output.contains("900 records"), "\(output)")
    }
}
