/// An argument value as compiled: a literal, a variable, or a list or object of them,
/// resolved against the operation's variables when a storage key is needed.
public indirect enum ArgumentValue: Hashable, Sendable {
    case literal(JSONValue)
    case variable(String)
    case list([ArgumentValue])
    case object([String: ArgumentValue])

    /// The value with variables replaced; an absent variable is `null`.
    /// - Complexity: O(size of the value).
    public func resolve(_ variables: [String: JSONValue]) -> JSONValue {
        switch self {
        case .literal(let value): value
        case .variable(let name): variables[name] ?? .null
        case .list(let items): .array(items.map { $0.resolve(variables) })
        case .object(let members): .object(members.mapValues { $0.resolve(variables) })
        }
    }

    /// The literal value when no variable occurs in it, else `nil`.
    public var constant: JSONValue? {
        switch self {
        case .literal(let value): value
        case .variable: nil
        case .list(let items):
            items.allSatisfy { $0.constant != nil } ? .array(items.compactMap(\.constant)) : nil
        case .object(let members):
            members.values.allSatisfy { $0.constant != nil }
                ? .object(members.compactMapValues(\.constant)) : nil
        }
    }
}

/// A field's storage key before variables are known: its name and argument values.
public struct StorageKeyTemplate: Hashable, Sendable {
    /// The field's name.
    public let name: String
    /// Argument values by name, variables unresolved.
    public let arguments: [String: ArgumentValue]

    /// The storage key under `variables`. - Complexity: O(size of the arguments).
    public func resolve(_ variables: [String: JSONValue]) -> String {
        StorageKey.make(name: name, arguments: arguments.map { ($0.key, $0.value.resolve(variables)) })
    }
}

/// How a field finds its `FieldKey`: fixed at compile time (no arguments, or constant ones:
/// the fast path, key and key path kept in the node), or resolved once per variables by a
/// `BoundArtifact` (slot `index` of its table).
public enum FieldKeyRef: Sendable {
    case constant(FieldKey, FieldKeyPath)
    case variable(index: Int, template: StorageKeyTemplate)
}
