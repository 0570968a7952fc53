import Foundation
import LabSupport
import Lattice
import LatticeBench

/// The record's page keyed by a composite, for `RecordPage/compositeKeyIngest` and
/// `compositeKeyCommit` (issue 39): the page's schema with each type's `name` non-null and
/// Character, Location and Episode keyed by (`id`, `name`), its operation compiled against it
/// (the compiler adds no field: the page selects both everywhere), the same bytes. Each record's
/// ID is made from two values joined; the page keyed by `id` alone is `RecordPage/ingest`'s.
@MainActor
struct CompositeKeyPage {
    /// The page's operation, compiled against the keyed schema.
    let page: BoundArtifact

    /// The keyed page of `fixture`. - Throws: `SetUpError` when it does not normalize into as
    /// many records as the page keyed by `id`, or a record is not keyed by both fields.
    init(_ fixture: RecordPageFixture) throws {
        let sources = fixture.program.schema.sources.map { source in
            GraphQLSource(text: String(decoding: source.bytes, as: UTF8.self)
                .replacingOccurrences(of: "\n  name: String\n", with: "\n  name: String!\n"), name: source.name)
        }
        let key = TypeIdentity.keyed(RecordKey(fields: ["id", "name"]))
        let schema = try SchemaBuilder.build(sources: sources)
            .keyed(by: RecordIdentity(["Character": key, "Location": key, "Episode": key]))
        let program = try Program(schema: schema, documents: fixture.program.sources)
        guard let artifact = program[RecordPageFixture.pageOperation] else {
            throw SetUpError(description: "the keyed program has no \(RecordPageFixture.pageOperation)")
        }
        page = BoundArtifact(artifact)
        let keyed = Store().publish(try ResponseNormalizer.normalize(fixture.response, for: page).delta)
        let byID = Store().publish(try ResponseNormalizer.normalize(fixture.response, for: fixture.page).delta)
        guard keyed.createdRecords == byID.createdRecords else {
            throw SetUpError(description: "keyed by (id, name) the page makes \(keyed.createdRecords) records, by id \(byID.createdRecords)")
        }
        guard keyed.changedRecords.contains(DataID("Q2hhcmFjdGVyOjE=:Fenpop Fen")) else {
            throw SetUpError(description: "the first character is not keyed by (id, name)")
        }
    }
}
