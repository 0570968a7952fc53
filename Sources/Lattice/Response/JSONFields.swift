/// A JSON object read member by member into a typed value; each refusal names the member's
/// path. Absent members and `null` read alike as `nil`, as optional members of a response do.
public struct JSONFields {
    /// Where the object is, `errors.0` or empty for the whole value; members' paths extend it.
    public let path: String
    private let members: [String: JSONValue]

    /// The members of `value`. - Throws: `.shape` when `value` is not an object.
    public init(_ value: JSONValue, at path: String) throws(ResponseDecodingError) {
        guard case .object(let members) = value else {
            throw .shape(path: path, expected: "an object", found: value.kindDescription)
        }
        self.path = path
        self.members = members
    }

    /// The path of the member `key`.
    public func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key` as it is, `nil` only when absent (`null` stays `.null`).
    public func raw(_ key: String) -> JSONValue? { members[key] }

    /// The member `key`, `nil` when absent or `null`.
    public func optional(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// The string member `key`. - Throws: `.shape` when it is absent or not a string.
    public func string(_ key: String) throws(ResponseDecodingError) -> String {
        guard let value = try optionalString(key) else {
            throw .shape(path: path(of: key), expected: "a string", found: "nothing")
        }
        return value
    }

    /// The string member `key`, `nil` when absent or `null`.
    /// - Throws: `.shape` when it is something else.
    public func optionalString(_ key: String) throws(ResponseDecodingError) -> String? {
        switch optional(key) {
        case nil: return nil
        case .string(let value)?: return value
        case let other?: throw .shape(path: path(of: key), expected: "a string", found: other.kindDescription)
        }
    }

    /// The integer member `key`. - Throws: `.shape` when it is absent or not an integer.
    public func integer(_ key: String) throws(ResponseDecodingError) -> Int {
        switch optional(key) {
        case .int(let value)?: return value
        case let other: throw .shape(path: path(of: key), expected: "an integer", found: other?.kindDescription ?? "nothing")
        }
    }

    /// The object member `key`, `nil` when absent or `null`.
    /// - Throws: `.shape` when it is something else.
    public func optionalObject(_ key: String) throws(ResponseDecodingError) -> [String: JSONValue]? {
        switch optional(key) {
        case nil: return nil
        case .object(let value)?: return value
        case let other?: throw .shape(path: path(of: key), expected: "an object", found: other.kindDescription)
        }
    }

    /// The array member `key`, `nil` when absent or `null`.
    /// - Throws: `.shape` when it is something else.
    public func optionalArray(_ key: String) throws(ResponseDecodingError) -> [JSONValue]? {
        switch optional(key) {
        case nil: return nil
        case .array(let value)?: return value
        case let other?: throw .shape(path: path(of: key), expected: "a list", found: other.kindDescription)
        }
    }
}
