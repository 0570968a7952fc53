import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import HostileLenses
import SemanticLenses
import SmallSpecLenses
import SpecLenses
import Testing

/// The generated program (`SpecProgram`, Tests/Generated/SpecLenses/SpecProgram.graphql.swift):
/// the program it was generated from, and a generated operation that always has its artifact
/// (an environment made from generated code alone: GeneratedCodeDocTests, "The program").
@MainActor @Suite struct ProgramEmitterTests {
    let fixtures: CompiledSpec

    init() throws {
        fixtures = try CodegenFixtures.spec.get()
    }

    @Test func theGeneratedProgramIsTheProgramItWasGeneratedFrom() throws {
        let program = SpecProgram.program
        #expect(Set(program.artifacts.keys) == Set(fixtures.program.artifacts.keys))
        for (name, artifact) in fixtures.program.artifacts {
            #expect(program[name]?.requestFingerprint == artifact.requestFingerprint, "\(name)")
        }
        #expect(program.manifest == fixtures.program.manifest)
        #expect(SpecProgram.schemaDigest == fixtures.program.schema.digest)
        #expect(SpecProgram.schema.map(\.name) == ["schema.graphql"])
    }

    /// Issue 37: a program from generated code compiles each definition at its first use, with
    /// the fragments it spreads; whichever is asked for first, it is what text compiles.
    @Test func eachDefinitionCompiledAtItsFirstUseIsTheOneCompiledFromText() throws {
        for name in fixtures.program.artifacts.keys.sorted() {
            let program = Program(generated: SpecProgram.self)
            let compiled = try #require(program[name], "\(name)")
            Self.expectSame(compiled, as: try #require(fixtures.program[name]), in: program, and: fixtures.program)
            for other in fixtures.program.artifacts.values {
                Self.expectSame(try #require(program[other.name]), as: other, in: program, and: fixtures.program)
            }
            #expect(program.documents == fixtures.program.documents, "\(name) first")
        }
        #expect(Program(generated: SpecProgram.self)["NoSuchOperation"] == nil)
    }

    /// Issue 37: the compiled form is the compiler's output, whole: each definition decoded
    /// from the generated program is, node for node and in everything its initializers
    /// derive, the one compiled from the same text (its sources named as generated code names
    /// them), in each generated program of the tests.
    @Test(arguments: ["spec", "small", "hostile", "semantic"])
    func eachDecodedDefinitionIsTheCompiledOneNodeForNode(fixture: String) throws {
        let (generated, text): (Program, Program) = switch fixture {
        case "spec": (Program(generated: SpecProgram.self), try CodegenFixtures.spec.get().program)
        case "small": (Program(generated: SmallSpecProgram.self), try CodegenFixtures.small.get().program)
        case "semantic": (Program(generated: SemanticProgram.self), try CodegenFixtures.semantic.get().program)
        default: (Program(generated: HostileProgram.self), try CodegenFixtures.hostile.get().program)
        }
        let renamed = try Program(schema: text.schema, documents: text.sources.map { source in
            GraphQLSource(text: String(decoding: source.bytes, as: UTF8.self), name: GraphQLSource.fileName(source.name))
        })
        #expect(Set(generated.artifacts.keys) == Set(renamed.artifacts.keys))
        for (name, expected) in renamed.artifacts {
            let decoded = try #require(generated[name], "\(name)")
            #expect(StructureDump.of(decoded) == StructureDump.of(expected), "\(fixture): \(name)")
        }
    }

    /// The same artifact by what the runtime sends and what generated code checks.
    static func expectSame(_ artifact: Artifact, as expected: Artifact, in program: Program, and text: Program) {
        #expect(artifact.name == expected.name)
        #expect(artifact.kind == expected.kind, "\(expected.name)")
        #expect(artifact.typeName == expected.typeName, "\(expected.name)")
        // The generated program names its sources by their last path component.
        #expect(expected.location.hasSuffix("/" + artifact.location), "\(expected.name)")
        #expect(artifact.requestText == expected.requestText, "\(expected.name)")
        #expect(artifact.requestFingerprint == expected.requestFingerprint, "\(expected.name)")
        #expect(artifact.variables.map(\.name) == expected.variables.map(\.name), "\(expected.name)")
        guard expected.kind != .fragment else { return }
        let sent = program.request(for: artifact, variables: [:])
        let textSent = text.request(for: expected, variables: [:])
        #expect(sent.query == textSent.query, "\(expected.name)")
        #expect(sent.documentID == textSent.documentID, "\(expected.name)")
    }

    /// What an app does at launch: an environment over a new program from generated code, its
    /// first query run; the query's request is the one the program compiled from text sends.
    @Test func anEnvironmentOverANewGeneratedProgramRunsItsFirstQuery() async throws {
        let transport = fixtures.transport()
        let program = Program(generated: SpecProgram.self)
        let environment = Environment(program: program, transport: transport)
        let handle = environment.attach(DashboardQuery.self)
        await handle.handle.waitForFetch()
        let data = try #require(handle.data)
        #expect(try !data.viewer.login.isEmpty)
        let sent = try #require(transport.requests.first)
        let expected = fixtures.program.request(for: try #require(fixtures.program["Dashboard"]), variables: [:])
        #expect(sent.query == expected.query)
        #expect(program.documents["Dashboard"] == fixtures.program.documents["Dashboard"])
    }

    /// Before issue 37 the environment looked the operation up in its own program and stopped
    /// the process when it was not there.
    @Test func aGeneratedOperationRunsEvenWhereTheEnvironmentsProgramLacksIt() async throws {
        let bare = try Program(schema: fixtures.program.schema, documents: [])
        let environment = Environment(program: bare, transport: fixtures.transport())
        #expect(bare["Dashboard"] == nil)
        let handle = environment.attach(DashboardQuery.self)
        await handle.handle.waitForFetch()
        let data = try #require(handle.data)
        #expect(try !data.viewer.login.isEmpty)
    }
}
