import Foundation
import Lattice
import LatticeCodegen

/// `lattice generate`: the typed Swift of a program's documents (docs/generated-code.md).
let generateCommand = Command(
    name: "generate",
    summary: "generate typed Swift lenses for operations and fragments",
    help: """
    usage: lattice generate --config lattice.json
           lattice generate --schema SDL [--schema SDL]... --output DIR [--scalar NAME=TYPE]... [--public] [--program NAME] DOCUMENT...

    Compiles the documents against the schema, as `lattice validate` does, and writes
    one Swift file per operation and fragment into DIR (NAME.graphql.swift), and
    SchemaTypes.graphql.swift for the enums and input objects they use, and
    PROGRAM.graphql.swift: the schema's and the documents' text as a GeneratedProgram
    named by --program (LatticeProgram by default), from which an app builds its
    Program. Lattice's client directives are built in: no --schema needs them. The
    config file gives the same as JSON: {"schema": [...], "documents": [...], "output":
    DIR, "scalars": {NAME: TYPE}, "access": "public", "program": NAME, "identity":
    {TYPE: {"key": [FIELD...], "scope": "global" | "type"}}, "lookups": ["Query.node"]},
    paths relative to its folder; identity keys a type's records by its key fields
    (none: stored under its parent), each lookup is a field the store answers by its
    key arguments, and a key or lookup the schema refuses is printed at the config
    file; a document entry may be a folder or a pattern (operations/*.graphql,
    operations/**/*.graphql). The types are internal to the module they are compiled
    into, unless --public (for a module other modules read).

    Complete or nothing: on any problem (printed FILE:LINE:COLUMN: message) no file
    is written and the last output stays. Files whose text is unchanged are left
    alone; generated files whose definition is gone are removed.
    Exit status: 0 on success, 1 on a problem, 64 on a usage error.

    """,
    run: runGenerate
)

private func runGenerate(_ arguments: [String]) throws(CommandError) -> Int32 {
    let config = try generateConfig(arguments)
    let documents: [String]
    do {
        documents = try config.documentFiles()
    } catch {
        printError("generate: \(error)\n")
        return 1
    }
    guard let program = try loadProgram(schemas: config.schema, documents: documents, config: config) else { return 1 }
    do {
        let output = try SwiftGenerator.generate(program, scalars: config.scalars, isPublic: config.isPublic,
                                                 programName: config.program)
        let changes = try GeneratedFolder(URL(fileURLWithPath: config.output)).update(to: output.files)
        print("generate: \(documents.count) documents, \(output.files.count) files, \(output.accessors) accessors "
              + "(\(String(format: "%.1f", output.bytesPerAccessorLine)) bytes a line) in \(config.output): \(changes.written.count) written, \(changes.unchanged) unchanged, "
              + "\(changes.removed.count) removed")
        return 0
    } catch let failure as GenerateFailure {
        printError(failure.problems.map { "\($0)\n" }.joined())
        printError("generate: \(failure.problems.count) problems; nothing written\n")
        return 1
    } catch {
        throw unwritable(error, writing: config.output)
    }
}

private func generateConfig(_ arguments: [String]) throws(CommandError) -> GenerateConfig {
    var schemas: [String] = []
    var documents: [String] = []
    var output: String?
    var configPath: String?
    var scalars: [String: String] = [:]
    var isPublic = false
    var programName: String?
    var index = 0
    func value(_ option: String) throws(CommandError) -> String {
        guard index + 1 < arguments.count else { throw .usage("\(option) needs a value") }
        index += 2
        return arguments[index - 1]
    }
    while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "--schema": schemas.append(try value(argument))
        case "--output": output = try value(argument)
        case "--config": configPath = try value(argument)
        case "--program":
            let name = try value(argument)
            guard GenerateConfig.isTypeName(name) else { throw .usage("--program takes a Swift type name, not \(name)") }
            programName = name
        case "--public":
            isPublic = true
            index += 1
        case "--scalar":
            let mapping = try value(argument).split(separator: "=", maxSplits: 1).map(String.init)
            guard mapping.count == 2, !mapping[0].isEmpty, !mapping[1].isEmpty else {
                throw .usage("--scalar takes NAME=TYPE, e.g. --scalar DateTime=Timestamp")
            }
            scalars[mapping[0]] = mapping[1]
        default:
            if argument.hasPrefix("-") { throw .usage("unknown option \(argument)") }
            documents.append(argument)
            index += 1
        }
    }
    if let configPath {
        guard schemas.isEmpty, documents.isEmpty, output == nil, scalars.isEmpty, !isPublic,
              programName == nil else {
            throw .usage("--config gives everything; it takes no other option or document")
        }
        let json = try readFile(configPath)
        let config: GenerateConfig
        do {
            config = try GenerateConfig(json: json, at: URL(fileURLWithPath: configPath))
        } catch {
            throw .usage("\(error)")
        }
        guard !config.documents.isEmpty, !config.output.isEmpty else {
            throw .usage("\(configPath) gives no `documents` or no `output` (a build plugin's config may leave them out; "
                + "lattice generate needs both)")
        }
        return config
    }
    guard !schemas.isEmpty else { throw .usage("no --schema file given (or --config)") }
    guard let output else { throw .usage("no --output folder given") }
    guard !documents.isEmpty else { throw .usage("no documents given") }
    return GenerateConfig(schema: schemas, documents: documents, output: output, scalars: scalars, isPublic: isPublic,
                          program: programName ?? GenerateConfig.defaultProgram)
}
