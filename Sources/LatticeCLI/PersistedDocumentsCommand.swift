import Foundation
import Lattice

/// `lattice persisted-documents --schema SDL... [--output FILE] DOCUMENT...`: the manifest
/// a server that runs documents by id loads.
let persistedDocumentsCommand = Command(
    name: "persisted-documents",
    summary: "write the persisted documents' manifest (id to text) a server loads",
    help: """
    usage: lattice persisted-documents --schema SDL [--schema SDL]... [--output FILE] DOCUMENT...

    Compiles the documents against the schema files as `Program` does and writes one JSON
    object with sorted keys: each operation's document id (the SHA-256 of the text the
    runtime sends, 64 lowercase hex digits) and that text (`Program.documents`). A server
    given it runs the operations by id (scripts/server.py --manifest FILE), and an
    environment with `persistedDocuments: .idOnly` sends the ids alone.

    With --output, the file is written whole or not at all (a temporary file renamed over
    it); without, the manifest goes to stdout. Compile problems print FILE:LINE:COLUMN:
    message to stderr and give exit status 1, writing nothing; exit status 0 otherwise.

    """,
    run: runPersistedDocuments
)

private func runPersistedDocuments(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--output"], repeatable: ["--schema"], flags: [],
                                           positionalAllowed: true)
    let schemaPaths = options.all("--schema")
    guard !schemaPaths.isEmpty else { throw .usage("no --schema file given") }
    guard !options.positional.isEmpty else { throw .usage("no documents given") }
    guard let program = try loadProgram(schemas: schemaPaths, documents: options.positional) else { return 1 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard var manifest = try? encoder.encode(program.manifest) else {
        printError("lattice persisted-documents: the manifest could not be encoded as JSON\n")
        return 1
    }
    manifest.append(UInt8(ascii: "\n"))
    guard let output = options.value("--output") else {
        FileHandle.standardOutput.write(manifest)
        return 0
    }
    try writeFile(manifest, to: output)
    printError("lattice persisted-documents: \(program.documents.count) documents in \(output)\n")
    return 0
}
