import Foundation

/// One payload of an incremental response (`@defer`, `@stream`), in the format graphql-core
/// 3.3 and graphql-js 17 send: the initial payload is a response (`data`, `errors`) that
/// announces the parts to come (`pending`); each later one carries parts (`incremental`),
/// more announcements, and the parts that are done (`completed`); `hasNext` says whether
/// another payload follows. A plain response reads as an initial payload that is also the last.
public struct IncrementalPayload: Hashable, Sendable {
    /// A part announced: its id (for later payloads to name it), where it goes (the object a
    /// deferred fragment applies to, or a streamed list) and the directive's label.
    public struct Pending: Hashable, Sendable {
        public var id: String
        public var path: [GraphQLError.PathElement]
        public var label: String?
    }

    /// What arrived for a pending part: a deferred fragment's fields (`data`, at the part's
    /// path followed by `subPath`) or a stream's next items (`items`), with their errors.
    public struct Increment: Hashable, Sendable {
        public var id: String
        public var subPath: [GraphQLError.PathElement]
        public var data: [String: JSONValue]?
        public var items: [JSONValue]?
        public var errors: [GraphQLError]
    }

    /// A part that is done; with errors when it failed as a whole.
    public struct Completion: Hashable, Sendable {
        public var id: String
        public var errors: [GraphQLError]
    }

    /// The initial payload's response (`data`, `errors`, `extensions`); `nil` in later ones.
    public var response: GraphQLResponse?
    public var pending: [Pending]
    public var incremental: [Increment]
    public var completed: [Completion]
    /// Whether another payload follows.
    public var hasNext: Bool

    /// A whole response as the only payload: what a server that did not defer answers.
    public init(response: GraphQLResponse) {
        self.response = response
        pending = []
        incremental = []
        completed = []
        hasNext = false
    }

    /// The payload a part's JSON bytes hold.
    /// - Throws: `ResponseDecodingError`, located by line and column or by member path.
    /// - Complexity: O(bytes).
    public init(decoding data: Data) throws(ResponseDecodingError) {
        let value: JSONValue
        do { value = try JSONReader.value(from: data) } catch { throw .syntax(error) }
        try self.init(json: value)
    }

    /// The payload `value` holds: an initial one when it has `data`, or `errors` outside any
    /// part, or nothing of an incremental payload (a plain response); a later one otherwise,
    /// `{"hasNext":true}` included (a keep-alive between parts, which carries nothing).
    /// - Throws: `ResponseDecodingError.shape`.
    public init(json value: JSONValue) throws(ResponseDecodingError) {
        let fields = try JSONFields(value, at: "")
        let carriesParts = fields.raw("incremental") != nil || fields.raw("completed") != nil
        let isIncremental = carriesParts || fields.raw("pending") != nil || fields.raw("hasNext") != nil
        let isInitial = fields.raw("data") != nil || (fields.raw("errors") != nil && !carriesParts) || !isIncremental
        response = isInitial ? try GraphQLResponse(json: value, at: "") : nil
        pending = try Self.entries(fields, "pending") { entry throws(ResponseDecodingError) in
            Pending(id: try entry.string("id"), path: try Self.path(entry, "path") ?? [],
                    label: try entry.optionalString("label"))
        }
        incremental = try Self.entries(fields, "incremental") { entry throws(ResponseDecodingError) in
            let items = try entry.optionalArray("items")
            let data = try entry.optionalObject("data")
            guard (items == nil) != (data == nil) else {
                throw .shape(path: entry.path, expected: "either data or items", found: items == nil ? "neither" : "both")
            }
            return Increment(id: try entry.string("id"), subPath: try Self.path(entry, "subPath") ?? [],
                             data: data, items: items, errors: try Self.errors(entry))
        }
        completed = try Self.entries(fields, "completed") { entry throws(ResponseDecodingError) in
            Completion(id: try entry.string("id"), errors: try Self.errors(entry))
        }
        switch fields.optional("hasNext") {
        case nil: hasNext = false
        case .bool(let value)?: hasNext = value
        case let other?: throw .shape(path: "hasNext", expected: "a boolean", found: other.kindDescription)
        }
    }

    private static func entries<Entry>(_ fields: JSONFields, _ key: String,
                                       _ read: (JSONFields) throws(ResponseDecodingError) -> Entry) throws(ResponseDecodingError) -> [Entry] {
        var entries: [Entry] = []
        for (offset, value) in (try fields.optionalArray(key) ?? []).enumerated() {
            entries.append(try read(try JSONFields(value, at: "\(fields.path(of: key)).\(offset)")))
        }
        return entries
    }

    private static func errors(_ fields: JSONFields) throws(ResponseDecodingError) -> [GraphQLError] {
        var errors: [GraphQLError] = []
        for (offset, value) in (try fields.optionalArray("errors") ?? []).enumerated() {
            errors.append(try GraphQLError(json: value, at: "\(fields.path(of: "errors")).\(offset)"))
        }
        return errors
    }

    private static func path(_ fields: JSONFields, _ key: String) throws(ResponseDecodingError) -> [GraphQLError.PathElement]? {
        guard let steps = try fields.optionalArray(key) else { return nil }
        var path: [GraphQLError.PathElement] = []
        for (offset, step) in steps.enumerated() {
            switch step {
            case .string(let name): path.append(.key(name))
            case .int(let index): path.append(.index(index))
            default: throw .shape(path: "\(fields.path(of: key)).\(offset)", expected: "a key or an index",
                                  found: step.kindDescription)
            }
        }
        return path
    }
}
