import Lattice
import Foundation

/// One recorded answer from `spec/responses/<operation>.<case>.json`: the operation it
/// answers, the variables it was run with, the case it shows (`ok`, `field-error`, ...) and
/// the server's response.
public struct FixtureResponse: Hashable, Sendable {
    /// The operation's name.
    public var operation: String
    /// The variables the server ran the operation with.
    public var variables: [String: JSONValue]
    /// The case, from the file name: `ok`, `field-error`, `required-null`, ...
    public var `case`: String
    /// What the server answered.
    public var response: GraphQLResponse

    public init(operation: String, variables: [String: JSONValue], case: String,
                response: GraphQLResponse) {
        self.operation = operation
        self.variables = variables
        self.case = `case`
        self.response = response
    }

    /// Reads one response file, named `<operation>.<case>.json`.
    /// - Throws: `FixtureLoadError` naming the file when it is unreadable, not of that shape,
    ///   or its `operation` differs from its name.
    public static func load(file: URL) throws(FixtureLoadError) -> FixtureResponse {
        let name = file.lastPathComponent
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "json", !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .misnamed(file: file.path)
        }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw .unreadable(file: file.path, underlying: error.localizedDescription)
        }
        let decoded: FixtureResponse
        do { decoded = try FixtureResponse(decoding: data, case: String(parts[1])) } catch {
            throw .corrupt(file: file.path, reason: error.description)
        }
        guard decoded.operation == parts[0] else {
            throw .corrupt(file: file.path,
                           reason: "operation \"\(decoded.operation)\" does not match the file name")
        }
        return decoded
    }

    /// The fixture a file's `{operation, variables, response}` JSON holds, showing `case`.
    /// - Throws: `ResponseDecodingError` with the line and column or the path of the problem.
    /// - Complexity: O(size of `data`).
    public init(decoding data: Data, case: String) throws(ResponseDecodingError) {
        let value: JSONValue
        do { value = try JSONReader.value(from: data) } catch { throw .syntax(error) }
        let fields = try JSONFields(value, at: "")
        guard let response = fields.raw("response") else {
            throw .shape(path: "response", expected: "a response", found: "nothing")
        }
        self.init(operation: try fields.string("operation"),
                  variables: try fields.optionalObject("variables") ?? [:], case: `case`,
                  response: try GraphQLResponse(json: response, at: "response"))
    }

    /// Reads every `*.json` file of `directory`, sorted by file name.
    /// - Throws: `FixtureLoadError` for the first file that does not load, or the directory.
    /// - Complexity: O(total size of the files).
    public static func load(directory: URL) throws(FixtureLoadError) -> [FixtureResponse] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw .unreadable(file: directory.path, underlying: error.localizedDescription)
        }
        var responses: [FixtureResponse] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            responses.append(try load(file: directory.appendingPathComponent(name)))
        }
        return responses
    }
}

/// Why a fixture file did not load; every case names the file.
public enum FixtureLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory could not be read.
    case unreadable(file: String, underlying: String)
    /// The file is not `{operation, variables, response: {data, errors}}` JSON.
    case corrupt(file: String, reason: String)
    /// The file is not named `<operation>.<case>.json`.
    case misnamed(file: String)
    /// No fixture folder was found at any of these places.
    case notFound(searched: [String])

    public var description: String {
        switch self {
        case .unreadable(let file, let underlying): "\(file): cannot read: \(underlying)"
        case .corrupt(let file, let reason): "\(file): not a response fixture: \(reason)"
        case .misnamed(let file): "\(file): expected a name <operation>.<case>.json"
        case .notFound(let searched): "no spec/ folder found; looked in \(searched.joined(separator: ", "))"
        }
    }
}
