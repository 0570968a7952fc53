// The generator the build plugin runs (LatticeGeneratePlugin): `lattice generate` for the
// documents of one target, written one file a document, as a build-tool plugin must declare
// its outputs before the tool runs. Not `lattice` itself: a plugin's dependency on the
// `lattice` product's target fails in this package (swiftlang/swift-package-manager#8831).
//
//   LatticeGenerateTool --config lattice.json --output DIR DOCUMENT...
//
// The config gives the schema files, the custom scalars, the access level, the lookups and the program's
// name (its file, `NAME.graphql.swift`, carries the schema's and the documents' text); the documents
// and the output folder are the plugin's. Problems are printed `FILE:LINE:COLUMN: error: ...`,
// the form a build log shows at the GraphQL text; nothing is written then.
import Foundation
import Lattice
import LatticeCodegen

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var configPath: String?
var outputPath: String?
var documents: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--config", "--output":
        guard !arguments.isEmpty else { fail("LatticeGenerateTool: \(argument) needs a value") }
        if argument == "--config" { configPath = arguments.removeFirst() } else { outputPath = arguments.removeFirst() }
    default:
        documents.append(argument)
    }
}
guard let configPath, let outputPath else {
    fail("usage: LatticeGenerateTool --config lattice.json --output DIR DOCUMENT...")
}

/// The bytes of the file at `path`; a file that cannot be read fails the build at it.
func contents(_ path: String) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path):1:1: error: cannot be read") }
    return data
}

func source(_ path: String) -> GraphQLSource {
    GraphQLSource(bytes: [UInt8](contents(path)), name: path)
}

let config: GenerateConfig
do {
    config = try GenerateConfig(json: contents(configPath), at: URL(fileURLWithPath: configPath))
} catch {
    fail("\(configPath):1:1: error: \(error)")
}

/// `FILE:LINE:COLUMN: problem` as a build log's error line, `FILE:LINE:COLUMN: error: problem`.
func errorLine(_ problem: String) -> String {
    let parts = problem.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
    return parts.count == 4 ? parts[0...2].joined(separator: ":") + ": error:" + parts[3] : "error: " + problem
}

func located(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { "\($0.file):\($0.line):\($0.column): error: \($0.problem)" }.joined(separator: "\n")
}

let schema: Schema
do {
    schema = try SchemaBuilder.build(sources: config.schema.map(source), clientSources: config.clientSchema.map(source))
} catch {
    fail(located(error.diagnostics))
}

let keyed: Schema
do {
    keyed = try config.keyed(schema)
} catch {
    fail("\(configPath):1:1: error: \(error)")
}

let lookups: Lookups
do {
    lookups = try config.checkedLookups(schema: keyed)
} catch {
    // Each problem is `PATH:LINE:COLUMN: lookup …` at its lookup in the config.
    guard case .lookups(let problems) = error else { fail("\(configPath):1:1: error: \(error)") }
    fail(problems.map(errorLine).joined(separator: "\n"))
}

let program: Program
do {
    program = try Program(schema: keyed, documents: documents.map(source), lookups: lookups)
} catch {
    fail(located(error.diagnostics))
}

do {
    let output = try SwiftGenerator.generate(program, scalars: config.scalars, isPublic: config.isPublic,
                                             programName: config.program)
    _ = try GeneratedFolder(URL(fileURLWithPath: outputPath)).update(to: try output.oneFilePerDocument(documents))
} catch let failure as GenerateFailure {
    fail(failure.problems.map(errorLine).joined(separator: "\n"))
} catch {
    fail("\(outputPath): error: cannot write: \(error)")
}
