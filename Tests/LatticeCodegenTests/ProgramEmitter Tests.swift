import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
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
