import Foundation
import Testing
import Lattice
import LatticeCodegen

/// lattice.json's `"identity"` (`GenerateConfig.identity`): read into the runtime's
/// `RecordIdentity`, an entry that is not one refused at the file naming it, and a key the
/// schema refuses (`GenerateConfig.keyed(_:)`) printed at the file with the type and the key.
@Suite struct GenerateConfigIdentityTests {
    let folder = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/KeyedSchema")

    func config(_ identity: String) throws -> GenerateConfig {
        let text = #"{"schema": ["schema.graphql"], "documents": ["operations"], "output": "Generated", "identity": "# + identity + "}"
        return try GenerateConfig(json: Data(text.utf8), at: folder.appendingPathComponent("lattice.json"))
    }

    func schema() throws -> Schema {
        let url = folder.appendingPathComponent("schema.graphql")
        return try SchemaBuilder.build(sources: [GraphQLSource(text: try String(contentsOf: url, encoding: .utf8), name: url.path)])
    }

    @Test func theFixturesConfigurationReadsAsTheRuntimesIdentity() throws {
        let url = folder.appendingPathComponent("lattice.json")
        let config = try GenerateConfig(json: try Data(contentsOf: url), at: url)
        #expect(config.identity == RecordIdentity([
            "Author": .keyed(RecordKey(fields: ["_id"])),
            "Book": .keyed(RecordKey(fields: ["isbn", "edition"])),
            "Review": .keyed(RecordKey(fields: ["id"], scope: .type(space: "Review"))),
            "Price": .unkeyed,
        ]))
        #expect(try config.keyed(try schema()).key(of: "Book") == RecordKey(fields: ["isbn", "edition"]))
    }

    @Test(arguments: [
        (#"{"Review": {"key": ["id"], "scope": "types"}}"#, #"identity.Review: `scope` is "global" or "type", not "types""#),
        (#"{"Price": {"key": [], "scope": "type"}}"#, #"identity.Price: an unkeyed type ("key": []) has no scope"#),
        (#"{"Book": {"key": ["isbn"], "space": "B"}}"#, "identity.Book: `space` names a scoped key's space; this key is global"),
    ])
    func anEntryThatIsNotOneIsRefusedAtTheFile(identity: String, reason: String) throws {
        #expect(throws: GenerateConfigError.invalid(path: folder.appendingPathComponent("lattice.json").path, reason: reason)) {
            try config(identity)
        }
    }

    @Test func aKeyTheSchemaRefusesIsNamedAtTheFile() throws {
        let config = try config(#"{"Book": {"key": ["isbn", "title"]}}"#)
        #expect(throws: GenerateConfigError.invalid(
            path: folder.appendingPathComponent("lattice.json").path,
            reason: "identity.Book: key field `title` is nullable (String); a key field is non-null")) {
            try config.keyed(try schema())
        }
    }
}
