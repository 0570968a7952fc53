/// A snapshot as JSON, in Relay's record-source shape: `{id: {storageKey: value}}` with links
/// as `{"__ref": id}`, lists of links as `{"__refs": [id, null]}` and field errors under
/// `"__errors": {storageKey: [error]}`. Printed with sorted keys, so the output is stable.
extension StoreSnapshot {
    /// The JSON form. - Complexity: O(records + fields).
    public var json: JSONValue {
        var records: [String: JSONValue] = [:]
        for (id, fields) in self.records {
            var object: [String: JSONValue] = [:]
            var errors: [String: JSONValue] = [:]
            for (key, state) in fields {
                object[key] = state.value.json
                if let fieldErrors = state.errors { errors[key] = .array(fieldErrors.map(\.json)) }
            }
            if !errors.isEmpty { object["__errors"] = .object(errors) }
            records[id.rawValue] = .object(object)
        }
        return .object(records)
    }
}

extension FieldValue {
    /// The value in the record-source shape.
    public var json: JSONValue {
        switch self {
        case .null: .null
        case .scalar(let value): value
        case .link(let id): .object(["__ref": .string(id.rawValue)])
        case .links(let ids): .object(["__refs": .array(ids.map { $0.map { .string($0.rawValue) } ?? .null })])
        }
    }
}

extension GraphQLError {
    /// `{message, path}` (and `extensions` when present), as responses spell errors.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["message": .string(message)]
        if let path {
            object["path"] = .array(path.map { element in
                switch element {
                case .key(let key): .string(key)
                case .index(let index): .int(index)
                }
            })
        }
        if let extensions { object["extensions"] = .object(extensions) }
        return .object(object)
    }
}

extension JSONValue {
    /// The members of an object, else `nil`.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
