import Foundation
import Testing
@testable import Lattice

/// Configured record identity (`RecordIdentity`, `Schema.keyed(by:)`): each bad entry refused
/// naming its type and key field; the compiler adds each type's key fields to what it sends;
/// the normalizer keys records by them (a single non-`id` field, a composite, a scoped id), and
/// stores an unkeyed type's objects under their parent.
@MainActor @Suite struct RecordIdentityTests {
    @Test(arguments: [
        (RecordIdentity(["Shelf": .unkeyed]), IdentityError.unknownType(type: "Shelf")),
        (RecordIdentity(["Book": .keyed(RecordKey(fields: ["sku"]))]), .unknownKeyField(type: "Book", field: "sku")),
        (RecordIdentity(["Book": .keyed(RecordKey(fields: ["title"]))]),
         .nullableKeyField(type: "Book", field: "title", fieldType: "String")),
        (RecordIdentity(["Author": .keyed(RecordKey(fields: ["books"]))]),
         .listKeyField(type: "Author", field: "books", fieldType: "[Book!]!")),
        (RecordIdentity(["ReviewEdge": .keyed(RecordKey(fields: ["cursor", "cursor"]))]),
         .repeatedKeyField(type: "ReviewEdge", field: "cursor")),
        (RecordIdentity(["Price": .keyed(RecordKey(fields: ["id"], scope: .type(space: "client")))]),
         .invalidKeySpace(type: "Price", space: "client")),
        (RecordIdentity([
            "Price": .keyed(RecordKey(fields: ["id"], scope: .type(space: "Review"))),
            "Review": .keyed(RecordKey(fields: ["id"], scope: .type(space: "Review"))),
        ]), .sharedKeySpace(space: "Review", types: ["Price", "Review"])),
    ])
    func aBadConfigurationIsRefusedNamingTheTypeAndTheKey(identity: RecordIdentity, expected: IdentityError) throws {
        let schema = try KeyedSchema.schema()
        #expect(throws: expected) { try schema.keyed(by: identity) }
        #expect(expected.description.hasPrefix("identity."))
    }

    @Test func anObjectKeyFieldAndAnInterfaceAreRefused() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: """
            type Query { node: Node }
            interface Node { id: ID! }
            type Shelf implements Node { id: ID! owner: Owner! rating: Float! }
            type Owner { name: String }
            """, name: "shelf.graphql")])
        #expect(throws: IdentityError.compositeKeyField(type: "Shelf", field: "owner", fieldType: "Owner!")) {
            try schema.keyed(by: RecordIdentity(["Shelf": .keyed(RecordKey(fields: ["owner"]))]))
        }
        #expect(throws: IdentityError.floatKeyField(type: "Shelf", field: "rating")) {
            try schema.keyed(by: RecordIdentity(["Shelf": .keyed(RecordKey(fields: ["rating"]))]))
        }
        #expect(throws: IdentityError.notAnObjectType(type: "Node")) {
            try schema.keyed(by: RecordIdentity(["Node": .unkeyed]))
        }
    }

    @Test func theKeyedSchemaHasAnotherDigestAndTheDefaultKeepsItsOwn() throws {
        let schema = try KeyedSchema.schema()
        #expect(try schema.keyed(by: .default).digest == schema.digest)
        #expect(try schema.keyed(by: KeyedSchema.identity).digest != schema.digest)
        #expect(schema.key(of: "Price") == .id)
        #expect(try schema.keyed(by: KeyedSchema.identity).key(of: "Price") == nil)
    }

    @Test func theCompilerSendsEachTypesKeyFieldsAndNoneForAnUnkeyedType() throws {
        let program = try KeyedSchema.program()
        let text = try #require(program["AuthorPage"]).requestText
        #expect(text.contains("_id"))
        #expect(text.contains("isbn\n      edition"))
        // Price has `id: ID!` but is configured unkeyed: nothing is added to its selection.
        #expect(!text.contains("currency\n        id"))
        // Price keyed by default: its `id` is sent.
        var pricesKeyed = KeyedSchema.identity
        pricesKeyed.types["Price"] = nil
        #expect(try #require(try KeyedSchema.program(pricesKeyed)["AuthorPage"]).requestText.contains("currency\n        id"))
    }

    @Test func recordsAreKeyedByTheirConfiguredKeys() throws {
        let program = try KeyedSchema.program()
        let store = Store()
        try store.commit(try KeyedSchema.response(KeyedSchema.authorPage()),
                         for: BoundArtifact(try #require(program["AuthorPage"]), variables: ["id": .string("a1")]))
        #expect(store.record(DataID("a1")) != nil)
        let first = try #require(store.record(DataID("978-0:1")))
        #expect(store.record(DataID("978-0:2")) != nil)
        // The two prices share an `id` the store ignores: each is its book's own record.
        guard case .link(let price)? = first.slots[FieldKey("price")]?.value else {
            Issue.record("the first edition has no price link")
            return
        }
        #expect(price.id.isClient)
        #expect(store.record(DataID("p1")) == nil)
    }

    @Test func aCompositeKeysValuesAreEscapedAndAScopedKeyNamesItsSpace() {
        let composite = RecordKey(fields: ["isbn", "edition"])
        #expect(composite.recordID(values: [.string("a:b"), .int(2)]) == DataID("a\\:b:2"))
        #expect(composite.recordID(values: [.string("a"), .string("b:2")]) == DataID("a:b\\:2"))
        #expect(composite.recordID(values: [.string("a"), .null]) == nil)
        #expect(RecordKey(fields: ["id"], scope: .type(space: "Review")).recordID(values: [.int(7)]) == DataID("Review:7"))
        #expect(RecordKey.id.recordID(values: [.string("x:y")]) == DataID("x:y"))
        // A scoped composite of values longer than a small string, a `\` escaped as a `:` is;
        // one scoped value stays as it is.
        let scoped = RecordKey(fields: ["isbn", "edition", "kept"], scope: .type(space: "Book"))
        #expect(scoped.recordID(values: [.string("978-0\\1:long-enough-title"), .int(-12), .bool(true)])
            == DataID("Book:978-0\\\\1\\:long-enough-title:-12:true"))
        #expect(RecordKey(fields: ["id"], scope: .type(space: "Review")).recordID(values: [.string("a:b\\c")])
            == DataID("Review:a:b\\c"))
        #expect(scoped.recordID(values: [.string("a"), .int(1)]) == nil)
    }

    @Test(arguments: [
        (#"{"data": {"book": {"title": "T", "stars": 1, "author": null, "isbn": "978-0"}}}"#, "missingField book.edition"),
        (#"{"data": {"book": {"title": "T", "stars": 1, "author": null, "isbn": "978-0", "edition": null}}}"#, "missingID book"),
        (#"{"data": {"book": {"title": "T", "stars": 1, "author": null, "isbn": "client", "edition": 1}}}"#, "clientID book"),
    ])
    func anObjectWithoutItsKeyIsRefusedAtItsPath(response: String, expected: String) throws {
        let program = try KeyedSchema.program()
        let bound = BoundArtifact(try #require(program["BookCard"]), variables: ["isbn": .string("978-0"), "edition": .int(1)])
        let decoded = try KeyedSchema.response(response)
        do {
            _ = try ResponseNormalizer.normalize(decoded, for: bound)
            Issue.record("normalized a book without its key")
        } catch {
            switch error {
            case .missingField(let path): #expect("missingField \(path)" == expected)
            case .missingID(let path): #expect("missingID \(path)" == expected)
            case .clientID(let path, _): #expect("clientID \(path)" == expected)
            default: Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aPagesEdgesAreNamedFromTheirNodesScopedKeys() throws {
        let program = try KeyedSchema.program()
        let store = Store()
        let page = #"""
            {"data": {"reviews": {"edges": [
              {"cursor": "c1", "node": {"text": "good", "book": null, "id": "1"}},
              {"cursor": "c2", "node": {"text": "fine", "book": null, "id": "2"}}
            ], "pageInfo": {"hasNextPage": true, "endCursor": "c2"}}}}
            """#
        try store.commit(try KeyedSchema.response(page),
                         for: BoundArtifact(try #require(program["Reviews"]), variables: ["first": .int(2)]))
        #expect(store.record(DataID("Review:1")) != nil)
        #expect(store.record(DataID("Review:2")) != nil)
        #expect(store.record(DataID("1")) == nil)
    }

    @Test func deleteRecordOnAnObjectDeletesTheRecordItsCompositeKeyNames() throws {
        let program = try KeyedSchema.program()
        let store = Store()
        try store.commit(try KeyedSchema.response(KeyedSchema.authorPage()),
                         for: BoundArtifact(try #require(program["AuthorPage"]), variables: ["id": .string("a1")]))
        try store.commit(try KeyedSchema.response(
            #"{"data": {"removeBook": {"title": "The Dispossessed", "isbn": "978-0", "edition": 1}}}"#),
            for: BoundArtifact(try #require(program["RemoveBook"]), variables: ["isbn": .string("978-0"), "edition": .int(1)]))
        // A deleted record reads as null: it stays, of no type.
        #expect(store.record(DataID("978-0:1"))?.type == .nonexistent)
        #expect(store.record(DataID("978-0:2"))?.type != .nonexistent)
    }

    @Test func aFormWithKeysReadsBackKeyed() throws {
        let program = try KeyedSchema.program()
        let artifact = try #require(program["BookCard"])
        let form = CompiledFormWriter.form(of: artifact, in: program.artifacts)
        #expect(form.first == CompiledFormWriter.keyedVersion)
        let read = try CompiledFormReader.artifact(from: form, fragments: [:])
        let store = Store()
        try store.commit(try KeyedSchema.response(
            #"{"data": {"book": {"title": "T", "stars": 1, "author": {"name": "U", "_id": "a1"}, "isbn": "978-0", "edition": 3}}}"#),
            for: BoundArtifact(read, variables: ["isbn": .string("978-0"), "edition": .int(3)]))
        #expect(store.record(DataID("978-0:3")) != nil)
        #expect(store.record(DataID("a1")) != nil)
        // A definition that meets no configured key keeps the form of version 1.
        let byID = try Program(schema: try SchemaBuilder.build(sources: [GraphQLSource(
            text: "type Query { book: Book } type Book { id: ID! title: String }", name: "id.graphql")]),
            documents: [GraphQLSource(text: "query Book { book { title } }", name: "Book.graphql")])
        #expect(CompiledFormWriter.form(of: try #require(byID["Book"]), in: [:]).first == CompiledFormWriter.version)
    }
}
