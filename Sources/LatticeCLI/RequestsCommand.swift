import Foundation
import Lattice

/// `lattice requests --schema SDL... DOCUMENT...`: the text the runtime sends for each
/// operation (`Program.request(for:variables:)`), so a server can be given exactly that.
let requestsCommand = Command(
    name: "requests",
    summary: "print the query text the runtime sends for each operation",
    help: """
    usage: lattice requests --schema SDL [--schema SDL]... DOCUMENT...

    Compiles the documents against the schema files as `Program` does and prints, to
    stdout, one JSON object with sorted keys: each operation's name and the query text
    `Program.request(for:variables:)` sends for it. That is the operation printed in
    graphql-js's style with the `id`, `__typename` and `... on T { id }` the compiler adds
    for normalization, then every fragment it reaches, in name order, each printed the
    same way, separated by blank lines. scripts/fixtures executes these texts, so the
    recorded responses answer what the runtime sends.

    Compile problems print FILE:LINE:COLUMN: message to stderr and give exit status 1;
    exit status 0 otherwise.

    """,
    run: runRequests
)

private func runRequests(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: [], repeatable: ["--schema"], flags: [],
                                           positionalAllowed: true)
    let schemaPaths = options.all("--schema")
    guard !schemaPaths.isEmpty else { throw .usage("no --schema file given") }
    guard !options.positional.isEmpty else { throw .usage("no documents given") }
    guard let program = try loadProgram(schemas: schemaPaths, documents: options.positional) else { return 1 }
    var texts: [String: JSONValue] = [:]
    for operation in program.artifacts.values where operation.kind != .fragment {
        texts[operation.name] = .string(program.request(for: operation, variables: [:]).query)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let output = try? encoder.encode(JSONValue.object(texts)) else {
        printError("lattice requests: the texts could not be encoded as JSON\n")
        return 1
    }
    print(String(decoding: output, as: UTF8.self))
    return 0
}
