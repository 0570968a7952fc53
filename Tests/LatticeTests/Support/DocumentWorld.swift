import Foundation
import Lattice
import LatticeTesting

/// An environment over the test schema (`TestDocuments`) and documents a test writes, for
/// scenarios the spec/ fixtures do not hold; answers are committed from JSON text.
@MainActor
struct DocumentWorld {
    let environment: Environment
    let transport: FixtureTransport

    init(_ documents: String, strategy: PhaseStrategy, counting: Bool = false, releaseBufferSize: Int = 10) throws {
        let program = try Program(schema: TestDocuments.schema(),
                                  documents: [GraphQLSource(text: documents, name: "test.graphql")])
        transport = FixtureTransport(responses: [])
        environment = Environment(program: program, transport: transport,
                                  configuration: .init(strategy: strategy,
                                                       clock: ManualScheduler(now: Date(timeIntervalSince1970: 1_000_000)),
                                                       counting: counting, releaseBufferSize: releaseBufferSize))
    }

    func artifact(_ name: String) throws -> Artifact {
        guard let artifact = environment.program[name] else { throw DocumentWorldError.noArtifact(name) }
        return artifact
    }

    /// Commits `json` (a response's `data`) as the answer to `operation`.
    func commit(_ json: String, for operation: String) throws {
        try environment.commit(GraphQLResponse(data: try JSONValue.parse(json)), for: try artifact(operation))
    }
}

enum DocumentWorldError: Error, CustomStringConvertible {
    case noArtifact(String)

    var description: String {
        switch self {
        case .noArtifact(let name): "the test documents define no \(name)"
        }
    }
}
