import Foundation
import GraphQLSyntax
import Lattice

/// `lattice normalize`: normalizes one response for one operation into a fresh store and
/// prints the records (and, with `--read`, the data read back with its verdict). A tool for
/// debugging fixtures.
let normalizeCommand = Command(
    name: "normalize",
    summary: "normalize a response into records; optionally read it back with its verdict",
    help: """
    usage: lattice normalize --schema SDL [--schema SDL]... --document FILE [--document FILE]...
                             --response FILE [--operation NAME] [--variables JSON] [--read]

    Compiles the documents against the schema files, normalizes the response for the
    operation into an empty store, and prints JSON with sorted keys to stdout:
      records         every record, `{id: {storageKey: value}}`; links as {"__ref": id},
                      lists of links as {"__refs": [...]}, field errors under "__errors"
      unplacedErrors  the response's errors whose path leads to no field it wrote
      read            (with --read) the data read back through the operation (fragments
                      merged, client directives applied), the paths never received, and
                      the verdict of the operation's own selection

    The response FILE is either a spec/responses file ({operation, variables, response})
    or a bare response ({data, errors}); --operation and --variables override the file's.
    A response that does not fit the selection prints the path and gives exit status 1;
    compile problems print FILE:LINE:COLUMN: message. Exit status 0 otherwise.

    """,
    run: runNormalize
)

private struct NormalizeArguments {
    var schemas: [String] = []
    var documents: [String] = []
    var response: String?
    var operation: String?
    var variables: String?
    var read = false

    init(_ arguments: [String]) throws(CommandError) {
        var index = 0
        func value(_ option: String) throws(CommandError) -> String {
            guard index + 1 < arguments.count else { throw .usage("\(option) needs a value") }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--schema": schemas.append(try value(argument))
            case "--document": documents.append(try value(argument))
            case "--response": response = try value(argument)
            case "--operation": operation = try value(argument)
            case "--variables": variables = try value(argument)
            case "--read": read = true
            default: throw .usage("unknown argument \(argument)")
            }
            index += 1
        }
        guard !schemas.isEmpty else { throw .usage("no --schema file given") }
        guard !documents.isEmpty else { throw .usage("no --document file given") }
        guard response != nil else { throw .usage("no --response file given") }
    }
}

/// A response file: a spec/responses fixture (`{operation, variables, response}`) or a bare
/// response.
private struct ResponseFile {
    let operation: String?
    let variables: [String: JSONValue]?
    let response: GraphQLResponse

    init(decoding data: Data) throws(ResponseDecodingError) {
        let value: JSONValue
        do { value = try JSONReader.value(from: data) } catch { throw .syntax(error) }
        let fields = try JSONFields(value, at: "")
        if let response = fields.raw("response") {
            operation = try fields.optionalString("operation")
            variables = try fields.optionalObject("variables")
            self.response = try GraphQLResponse(json: response, at: "response")
        } else {
            operation = nil
            variables = nil
            response = try GraphQLResponse(json: value, at: "")
        }
    }
}

private func runNormalize(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try NormalizeArguments(arguments)
    guard let program = try loadProgram(schemas: options.schemas, documents: options.documents) else { return 1 }
    let artifacts = program.artifacts
    let path = options.response ?? ""
    let data = try readFile(path)
    let file: ResponseFile
    do {
        file = try ResponseFile(decoding: data)
    } catch {
        printError("\(path): not a GraphQL response: \(error)\n")
        return 1
    }
    var variables = file.variables ?? [:]
    if let text = options.variables {
        guard case .object(let parsed)? = try? JSONReader.value(from: Data(text.utf8)) else {
            throw .usage("--variables is not a JSON object")
        }
        variables = parsed
    }
    let operations = artifacts.values.filter { $0.kind != .fragment }
    guard let name = options.operation ?? file.operation ?? (operations.count == 1 ? operations.first?.name : nil) else {
        throw .usage("name the operation with --operation (the documents define \(operations.count))")
    }
    guard let operation = artifacts[name] else { throw .usage("no operation or fragment named \(name)") }
    return MainActor.assumeIsolated {
        normalize(file.response, operation: operation, variables: variables, read: options.read, path: path)
    }
}

@MainActor
private func normalize(_ response: GraphQLResponse, operation: Artifact, variables: [String: JSONValue],
                       read: Bool, path: String) -> Int32 {
    let store = Store()
    let bound = BoundArtifact(operation, variables: variables)
    let result: ResponseCommit
    do {
        result = try store.commit(response, for: bound)
    } catch {
        printError("\(path): \(error)\n")
        return 1
    }
    var output: [String: JSONValue] = [
        "records": store.snapshot().json,
        "unplacedErrors": .array(result.unplacedErrors.map(\.json)),
    ]
    if read, let root = store.record(.root) {
        let back = StoreReader.read(bound, root: root)
        output["read"] = .object([
            "data": back.data,
            "missing": .array(back.missing.map(JSONValue.string)),
            "verdict": verdictJSON(back.verdict),
        ])
    }
    // The runtime's own writer: it keeps a double's fraction (JSONEncoder prints 40.0 as 40)
    // and writes 100,000 items in a fraction of JSONEncoder's time.
    print(JSONValue.object(output).indentedJSONText)
    return 0
}

private func verdictJSON(_ verdict: Verdict) -> JSONValue {
    func path(_ elements: [GraphQLError.PathElement]) -> JSONValue {
        .array(elements.map { element in
            switch element {
            case .key(let key): .string(key)
            case .index(let index): .int(index)
            }
        })
    }
    return switch verdict {
    case .fine: .object(["kind": .string("fine")])
    case .fieldErrors(let errors): .object(["kind": .string("fieldErrors"), "errors": .array(errors.map(\.json))])
    case .requiredFieldMissing(let elements): .object(["kind": .string("requiredFieldMissing"), "path": path(elements)])
    case .missingData(let elements): .object(["kind": .string("missingData"), "path": path(elements)])
    }
}
