import Foundation

extension GraphQLResponse {
    /// The response a body of JSON bytes holds: the one way bytes become a response, for
    /// every transport, the fixtures and the command line.
    ///
    /// Members other than `data`, `errors` and `extensions` are ignored; `errors` and
    /// `extensions` may be absent or `null`.
    /// - Throws: `ResponseDecodingError`: `.syntax` with the line and column of malformed
    ///   JSON, `.shape` with the path of a member that does not fit a response.
    /// - Complexity: O(size of `data`): one pass of `JSONReader`, then one over `errors`.
    public init(decoding data: Data) throws(ResponseDecodingError) {
        let value: JSONValue
        do { value = try JSONReader.value(from: data) } catch { throw .syntax(error) }
        try self.init(json: value, at: "")
    }

    /// The response `value` holds, read as `init(decoding:)` reads it; `path` says where
    /// `value` sits in a larger document, for errors.
    /// - Throws: `ResponseDecodingError.shape`.
    public init(json value: JSONValue, at path: String) throws(ResponseDecodingError) {
        let fields = try JSONFields(value, at: path)
        var errors: [GraphQLError]?
        if let entries = try fields.optionalArray("errors") {
            var decoded: [GraphQLError] = []
            decoded.reserveCapacity(entries.count)
            for (offset, entry) in entries.enumerated() {
                decoded.append(try GraphQLError(json: entry, at: "\(fields.path(of: "errors")).\(offset)"))
            }
            errors = decoded
        }
        self.init(data: fields.raw("data"), errors: errors, extensions: try fields.optionalObject("extensions"))
    }
}

extension GraphQLError {
    /// The error `value` holds (`message`, and optionally `path`, `locations`, `extensions`);
    /// `path` is where it sits, for errors.
    /// - Throws: `ResponseDecodingError.shape`.
    public init(json value: JSONValue, at path: String) throws(ResponseDecodingError) {
        let fields = try JSONFields(value, at: path)
        var elements: [PathElement]?
        if let steps = try fields.optionalArray("path") {
            elements = try steps.enumerated().map { (offset, step) throws(ResponseDecodingError) in
                switch step {
                case .string(let key): .key(key)
                case .int(let index): .index(index)
                default:
                    throw .shape(path: "\(fields.path(of: "path")).\(offset)",
                                 expected: "a key or an index", found: step.kindDescription)
                }
            }
        }
        var locations: [Location]?
        if let entries = try fields.optionalArray("locations") {
            locations = try entries.enumerated().map { (offset, entry) throws(ResponseDecodingError) in
                let location = try JSONFields(entry, at: "\(fields.path(of: "locations")).\(offset)")
                return Location(line: try location.integer("line"), column: try location.integer("column"))
            }
        }
        self.init(message: try fields.string("message"), path: elements, locations: locations,
                  extensions: try fields.optionalObject("extensions"))
    }
}
