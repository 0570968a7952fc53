import Foundation
import GraphQLSyntax
@testable import Lattice

/// The shared fixtures under spec/: schema, directives, operations and responses.
enum SpecFixtures {
    /// One spec/responses file.
    struct Response: Decodable, CustomTestStringConvertible {
        let operation: String
        let variables: [String: JSONValue]
        let response: GraphQLResponse
        var file = ""

        enum CodingKeys: String, CodingKey { case operation, variables, response }

        var testDescription: String { file }
    }

    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("spec")

    static func source(_ url: URL) throws -> Source {
        Source(bytes: [UInt8](try Data(contentsOf: url)), name: url.path)
    }

    static func schema() throws -> Schema {
        try SchemaBuilder.build(sources: [source(root.appendingPathComponent("schema.graphql")),
                                          source(root.appendingPathComponent("directives.graphql"))])
    }

    static func artifacts() throws -> [String: Artifact] {
        let directory = root.appendingPathComponent("operations")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        return try Compiler.compile(sources: files.map { try source(directory.appendingPathComponent($0)) },
                                    schema: schema())
    }

    /// Every response file, in name order.
    static func responses() -> [Response] {
        let directory = root.appendingPathComponent("responses")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        return files.compactMap { file in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)),
                  var response = try? JSONDecoder().decode(Response.self, from: data) else { return nil }
            response.file = file
            return response
        }
    }
}

import Testing
