import Foundation
import GraphQLSyntax
@testable import Lattice
import LatticeTesting

/// The shared fixtures under spec/, compiled for the store and lens tests. Locating and
/// loading them is LatticeTesting's `Spec`; this only adds the compile step and test names.
enum SpecFixtures {
    /// One spec/responses file, named after its file in test output.
    struct Response: CustomTestStringConvertible {
        let operation: String
        let variables: [String: JSONValue]
        let response: GraphQLResponse
        let file: String

        var testDescription: String { file }
    }

    static func spec() throws -> Spec {
        try Spec.locate()
    }

    static func schema() throws -> Schema {
        let spec = try spec()
        return try SchemaBuilder.build(sources: [
            Source(text: try spec.schema(), name: spec.root.appendingPathComponent("schema.graphql").path),
        ])
    }

    static func artifacts() throws -> [String: Artifact] {
        try Compiler.compile(sources: try spec().operations().map { Source(text: $0.text, name: $0.url.path) },
                             schema: schema())
    }

    /// Every response file, in name order; none when spec/ cannot be read (the tests that
    /// take them as arguments then have no cases, and `artifacts()` fails the others).
    static func responses() -> [Response] {
        ((try? spec().responses()) ?? []).map { fixture in
            Response(operation: fixture.operation, variables: fixture.variables,
                     response: fixture.response, file: "\(fixture.operation).\(fixture.case).json")
        }
    }
}

import Testing
