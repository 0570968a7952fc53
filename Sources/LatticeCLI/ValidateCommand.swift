import GraphQLSyntax
import Lattice

/// `lattice validate --schema SDL... DOCUMENT...`: parses schema files and documents and
/// checks that the client directives the documents use are declared in the schema files,
/// then compiles the documents against the schema (`Compiler`), which validates them.
let validateCommand = Command(
    name: "validate",
    summary: "validate documents against a schema; report every problem located",
    help: """
    usage: lattice validate --schema SDL [--schema SDL]... DOCUMENT...

    Parses every SDL file (type-system definitions only) and every DOCUMENT
    (operations and fragments only), and checks that each client directive the
    documents use (@\(ClientDirective.names.joined(separator: " @"))) is declared by a
    `directive` definition in the SDL files. Then compiles the documents against
    the schema: unknown types, fields, arguments, fragments and variables, variables
    of the wrong type, spreads that cannot apply, fragment cycles, @required on a
    non-null field, directives in the wrong place. All problems are reported.

    Each problem prints FILE:LINE:COLUMN: message to stderr. Exit status: 0 when there
    is none, 1 otherwise.

    """,
    run: runValidate
)

private func runValidate(_ arguments: [String]) throws(CommandError) -> Int32 {
    var schemaPaths: [String] = []
    var documentPaths: [String] = []
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if argument == "--schema" {
            guard index + 1 < arguments.count else { throw .usage("--schema needs a file") }
            schemaPaths.append(arguments[index + 1])
            index += 2
            continue
        }
        if argument.hasPrefix("-") { throw .usage("unknown option \(argument)") }
        documentPaths.append(argument)
        index += 1
    }
    guard !schemaPaths.isEmpty else { throw .usage("no --schema file given") }
    guard !documentPaths.isEmpty else { throw .usage("no documents given") }

    var problems = 0
    var declared: Set<String> = []
    var schemaInputs: [SchemaBuilder.Input] = []
    var documentInputs: [Compiler.Input] = []
    for path in schemaPaths {
        guard let document = try parseReporting(path) else { problems += 1; continue }
        schemaInputs.append((document, path))
        for definition in document.definitions {
            if case .directive(let directive) = definition { declared.insert(directive.name.value) }
            if let location = executableLocation(of: definition) {
                problem(path, location, "a schema file may hold only type-system definitions")
                problems += 1
            }
        }
    }
    var definitionCount = 0
    for path in documentPaths {
        guard let document = try parseReporting(path) else { problems += 1; continue }
        documentInputs.append((document, path))
        definitionCount += document.definitions.count
        for definition in document.definitions {
            guard executableLocation(of: definition) != nil else {
                problem(path, definition.location, "a document may hold only operations and fragments")
                problems += 1
                continue
            }
            for use in ClientDirective.uses(in: definition) where !declared.contains(use.name.value) {
                problem(path, use.location, "directive @\(use.name.value) is not declared in the schema files given")
                problems += 1
            }
        }
    }
    if problems == 0 {
        problems += compileReporting(schema: schemaInputs, documents: documentInputs)
    }
    if problems > 0 {
        printError("validate: \(problems) problem\(problems == 1 ? "" : "s")\n")
        return 1
    }
    print("validate: \(schemaPaths.count) schema files, \(documentPaths.count) documents, "
          + "\(definitionCount) definitions: ok")
    return 0
}

private func parseReporting(_ path: String) throws(CommandError) -> Document? {
    do {
        return try parse(readSource(path))
    } catch let error as SyntaxError {
        report(error)
        return nil
    } catch let error as CommandError {
        throw error
    } catch {
        throw .unreadable(path: path, reason: "\(error)")
    }
}

/// The location of an operation or fragment; nil for type-system definitions.
private func executableLocation(of definition: Definition) -> SourceLocation? {
    switch definition {
    case .operation(let d): d.location
    case .fragment(let d): d.location
    case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType,
         .directive, .directiveExtension, .schemaExtension, .scalarTypeExtension, .objectTypeExtension,
         .interfaceTypeExtension, .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension: nil
    }
}

private func problem(_ path: String, _ location: SourceLocation, _ message: String) {
    printError("\(path):\(location.line):\(location.column): \(message)\n")
}

/// Validates the documents against the schema with the compiler, printing every diagnostic
/// as FILE:LINE:COLUMN: message; answers how many there were.
private func compileReporting(schema: [SchemaBuilder.Input], documents: [Compiler.Input]) -> Int {
    do {
        _ = try Compiler.compile(documents, schema: try SchemaBuilder.build(schema))
        return 0
    } catch {
        printError(error.diagnostics.map { "\($0)\n" }.joined())
        return error.diagnostics.count
    }
}
