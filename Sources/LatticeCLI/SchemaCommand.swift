import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Lattice
import Synchronization

/// `lattice schema URL [--header 'Name: value']... [--output FILE]`: a server's schema, by
/// the standard introspection query, as SDL.
let schemaCommand = Command(
    name: "schema",
    summary: "fetch a server's schema by introspection and write it as SDL",
    help: """
    usage: lattice schema URL [--header 'Name: value']... [--output FILE]

    POSTs the standard introspection query (graphql-js's, with descriptions, specifiedByURL
    and isRepeatable) to the GraphQL endpoint URL and writes the schema it answers as SDL:
    the types, their fields with arguments and default values, input types, enums,
    interfaces, unions, custom scalars, the directives beyond the built-in ones,
    descriptions and deprecations; built-in scalars, the introspection types and the
    built-in directives are left out. The SDL builds with `SchemaBuilder` (`--schema` of the
    other commands).

    --header 'Name: value' is sent with the request (authorization); give it once a header.
    With --output, the file is written whole or not at all (a temporary file renamed over
    it); without, the SDL goes to stdout. A server that cannot be reached, an answer that is
    not JSON or not a GraphQL response, one with errors, or one that is not introspection's
    shape print the URL and what went wrong to stderr and give exit status 1, writing
    nothing; exit status 0 otherwise.

    """,
    run: runSchema
)

private func runSchema(_ arguments: [String]) throws(CommandError) -> Int32 {
    let options = try CommandOptions.parse(arguments, values: ["--output"], repeatable: ["--header"], flags: [],
                                           positionalAllowed: true)
    guard options.positional.count == 1, let address = options.positional.first else {
        throw .usage(options.positional.isEmpty ? "no URL given" : "give one URL")
    }
    guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
          url.host != nil else {
        throw .usage("\(address) is not an http or https URL")
    }
    var headers: [String: String] = [:]
    for header in options.all("--header") {
        guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
            throw .usage("--header '\(header)' is not 'Name: value'")
        }
        headers[String(header[..<colon])] = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let sdl: String
    switch fetchIntrospection(url: url, headers: headers) {
    case .failure(let failure):
        printError("lattice schema: cannot fetch the schema from \(address): \(failure)\n")
        return 1
    case .success(let response):
        if let errors = response.errors, !errors.isEmpty {
            printError("lattice schema: \(address) answered with errors: "
                       + errors.map(\.message).joined(separator: "; ") + "\n")
            return 1
        }
        do throws(IntrospectionSDL.Malformed) {
            sdl = try IntrospectionSDL.sdl(from: response.data ?? .null)
        } catch {
            printError("lattice schema: \(address) answered no schema: \(error)\n")
            return 1
        }
    }
    guard let output = options.value("--output") else {
        FileHandle.standardOutput.write(Data(sdl.utf8))
        return 0
    }
    try writeFile(Data(sdl.utf8), to: output)
    printError("lattice schema: the schema of \(address) in \(output)\n")
    return 0
}

/// The answer to the introspection query at `url`, through Lattice's `HTTPTransport` (its
/// failures say what went wrong), waited for here: a command runs synchronously.
/// - Complexity: one round trip, at most the transport's 30 s timeout.
private func fetchIntrospection(url: URL, headers: [String: String]) -> Result<GraphQLResponse, Failure> {
    let transport = HTTPTransport(url: url, headers: headers)
    let request = GraphQLRequest(query: IntrospectionSDL.query, operationName: "IntrospectionQuery")
    let answer = Answer()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do throws(Failure) {
            answer.set(.success(try await transport.execute(request)))
        } catch {
            answer.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return answer.get()
}

/// The answer a detached task hands to the waiting command.
private final class Answer: Sendable {
    private let result = Mutex<Result<GraphQLResponse, Failure>>(.failure(.cancelled))

    func set(_ value: Result<GraphQLResponse, Failure>) { result.withLock { $0 = value } }

    func get() -> Result<GraphQLResponse, Failure> { result.withLock { $0 } }
}
