import Foundation
import HostileLenses
import Lattice
import LatticeCodegen
import LatticeTesting
import Testing

/// Tests/Fixtures/HostileNames: operation, fragment, type, field, argument and enum value
/// names that are Swift keywords, Swift, Foundation or Lattice types, or differ only by case.
/// Its generated code (Tests/Generated/HostileLenses) compiles in this package; these tests
/// check it is what the generator writes, that its files stay apart on a case-insensitive
/// file system, and that it reads what the keyed lens reads.
@MainActor @Suite struct HostileNameTests {
    let corpus: CompiledSpec

    init() throws {
        corpus = try CodegenFixtures.hostile.get()
    }

    @Test func theCheckedInCodeIsWhatTheGeneratorWrites() throws {
        let output = try SwiftGenerator.generate(corpus.program, isPublic: true, programName: "HostileProgram")
        let folder = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Generated/HostileLenses")
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".graphql.swift") }.sorted()
        #expect(output.files.map(\.name) == checkedIn)
        for file in output.files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "\(file.name) differs: run lattice generate --config Tests/Generated/HostileLenses.lattice.json")
        }
    }

    /// Item.graphql holds what could end or escape a raw string literal (`"#`, `"""##`, `\#(`)
    /// and a CRLF line end: the generated program carries each document byte for byte.
    @Test func theGeneratedProgramCarriesEachDocumentByteForByte() throws {
        let folder = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/HostileNames/operations")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".graphql") }
        #expect(HostileProgram.documents.map(\.name) == names.sorted())
        for document in HostileProgram.documents {
            let bytes = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(document.name).path))
            #expect(document.bytes == [UInt8](bytes), "\(document.name) is not embedded as it is")
        }
        #expect(HostileProgram.documents.contains { $0.bytes.contains(0x0D) })
        let program = HostileProgram.program
        #expect(Set(program.artifacts.keys) == Set(corpus.program.artifacts.keys))
        for (name, artifact) in corpus.program.artifacts {
            #expect(program[name]?.requestFingerprint == artifact.requestFingerprint)
        }
        #expect(HostileProgram.schemaDigest == corpus.program.schema.digest)
    }

    @Test func namesThatDifferOnlyByCaseGetFilesThatDifferCaseBlind() throws {
        let names = try SwiftGenerator.generate(corpus.program).files.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count)
        // `fragment Item` and `fragment ITEM` both generate, apart.
        #expect(names.filter { $0.hasPrefix("item") }.count == 2)
    }

    @Test func keywordAndTypeNamedFieldsReadWhatTheKeyedLensReads() throws {
        let store = Store()
        let bound = BoundArtifact(try corpus.artifact("Query"))
        try store.commit(try corpus.response("Query").response, for: bound)
        let root = try #require(store.record(.root))
        let data = Query.Data(lens: Lens(bound, record: root))
        let keyed = Lens(bound, record: root)
        #expect(try data.Type_ == keyed.read("Type") as String?)
        #expect(try data.type == keyed.read("type") as String?)
        #expect(data.lens_ == "a lens")
        #expect(data.init_ == "an init")
        #expect(data.`default` == 7)
        #expect(data.`true` == false)
        #expect([data.name, data.Name, data.NAME] == ["n1", "n2", "n3"])
        #expect(data.`where`.first?.`return` == "r")
        #expect(data.result?.failure == nil)
        #expect(data.error?.localizedDescription == "l")
        #expect(data.optional?.none == nil)
        #expect(data.optional?.some == "s")
        #expect(data.record?.record?.slots == "inner")
        #expect(data.data?.count == 3)
        let klass = try #require(data.`class`)
        #expect(klass.`enum` == .`default`)
        // The query's own selection of `extension` has `struct`; `enum` is the fragment's (masked).
        #expect(klass.`extension`?.first??.`struct` == "t")
        let fragment = Class(klass.`class`)
        #expect(fragment.`extension`?.count == 2)
        #expect(fragment.`extension`?.first??.`enum` == .open__)
        let me = try #require(data.self_)
        #expect(me.`Self` == "outer")
        #expect(me.self_?.`Self` == "inner")
        #expect(me.`case` == .inProgress)
        #expect(me.some?.asClass?.`struct` == "in some")
        #expect(me.some?.asSelf == nil)
        #expect(try Item_(#require(data.item).item).name == "lower item")
        #expect(try ITEM(#require(data.ITEM).iTEM).Name == "upper item")
        #expect(try Self_(#require(data.node?.self_)).`Self` == "outer")
    }

    @Test func variablesNamedAfterKeywordsEncodeUnderTheirGraphQLNames() {
        let variables = InitMutation.Variables(input: Lens_(default: .some(.unknownValue("LATER")), self_: .some("me")))
        let expected: [String: JSONValue] = ["input": .object(["self": .string("me"), "default": .string("LATER")])]
        #expect(variables.json == expected)
    }
}
