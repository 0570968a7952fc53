import Foundation
import GraphQLSyntax
import Lattice

/// spec/ compiled once, with its recorded responses: what tests and the lab need to make
/// environments over the fixtures, one per phase strategy, side by side.
///
/// Immutable and `Sendable`: load it once (it compiles 34 documents) and share it.
public final class CompiledSpec: Sendable {
    /// The folder it was loaded from, for messages that name it.
    public let spec: Spec
    /// The schema, directives and every operation and fragment of spec/, compiled.
    public let program: Program
    /// Every recorded response of spec/responses.
    public let responses: [FixtureResponse]

    /// Loads and compiles `spec` (found from the caller's file when not given).
    /// - Throws: `FixtureLoadError` for a missing or unreadable file, `CompileFailure` for a
    ///   document that does not compile.
    public static func load(spec: Spec? = nil, filePath: String = #filePath) throws -> CompiledSpec {
        let spec = try spec ?? Spec.locate(filePath: filePath)
        let schema = try SchemaBuilder.build(sources: [
            Source(text: try spec.schema(), name: spec.root.appendingPathComponent("schema.graphql").path),
        ])
        let documents = try spec.operations().map { Source(text: $0.text, name: $0.url.path) }
        return CompiledSpec(spec: spec, program: try Program(schema: schema, documents: documents),
                            responses: try spec.responses())
    }

    private init(spec: Spec, program: Program, responses: [FixtureResponse]) {
        self.spec = spec
        self.program = program
        self.responses = responses
    }

    /// The artifact named `name`. - Throws: `CompiledSpecError.unknownDefinition`.
    public func artifact(_ name: String) throws(CompiledSpecError) -> Artifact {
        guard let artifact = program[name] else { throw .unknownDefinition(name) }
        return artifact
    }

    /// The recorded response `<operation>.<case>.json`.
    /// - Throws: `CompiledSpecError.unknownResponse`.
    public func response(_ operation: String, case name: String = "ok") throws(CompiledSpecError) -> FixtureResponse {
        guard let response = responses.first(where: { $0.operation == operation && $0.case == name }) else {
            throw .unknownResponse(operation: operation, case: name)
        }
        return response
    }

    /// A transport that answers from the recorded responses (`ok` unless scripted).
    public func transport() -> FixtureTransport {
        FixtureTransport(responses: responses)
    }

    /// An environment over a new fixture transport, with `strategy` and `clock`, counting if
    /// asked.
    @MainActor
    public func environment(strategy: PhaseStrategy = .shipped, clock: any Scheduler = ManualScheduler(),
                            counting: Bool = false, releaseBufferSize: Int = 10)
        -> (environment: Environment, transport: FixtureTransport) {
        let transport = transport()
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(strategy: strategy, clock: clock, counting: counting,
                                                           releaseBufferSize: releaseBufferSize))
        return (environment, transport)
    }
}

/// A name the fixtures do not have.
public enum CompiledSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No operation or fragment of spec/operations has this name.
    case unknownDefinition(String)
    /// No file `spec/responses/<operation>.<case>.json`.
    case unknownResponse(operation: String, case: String)

    public var description: String {
        switch self {
        case .unknownDefinition(let name): "spec/operations has no definition named \(name)"
        case let .unknownResponse(operation, name): "spec/responses has no \(operation).\(name).json"
        }
    }
}
