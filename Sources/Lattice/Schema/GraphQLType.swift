/// A field's or argument's type as written in SDL: a named type wrapped in lists and
/// non-null markers, e.g. `[Issue!]!`.
public indirect enum GraphQLType: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case list(GraphQLType)
    case nonNull(GraphQLType)

    /// The type written as `text` (`Int`, `[ID!]!`, as `@argumentDefinitions` writes it in
    /// a string), or `nil` when the text is not a type. - Complexity: O(length of the text).
    public init?(parsing text: String) {
        var rest = Substring(text.filter { !$0.isWhitespace })
        guard let type = Self.parse(&rest), rest.isEmpty else { return nil }
        self = type
    }

    private static func parse(_ text: inout Substring) -> GraphQLType? {
        var type: GraphQLType
        if text.first == "[" {
            text.removeFirst()
            guard let item = parse(&text), text.first == "]" else { return nil }
            text.removeFirst()
            type = .list(item)
        } else {
            let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard let first = name.first, !first.isNumber else { return nil }
            text.removeFirst(name.count)
            type = .named(String(name))
        }
        if text.first == "!" {
            text.removeFirst()
            type = .nonNull(type)
        }
        return type
    }

    /// The innermost named type. - Complexity: O(wrapping depth).
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outermost non-null marker.
    public var nullable: GraphQLType {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The item type if this is a (possibly non-null) list, else `nil`.
    public var listItem: GraphQLType? {
        if case .list(let item) = nullable { return item }
        return nil
    }

    /// The number of list wrappers. - Complexity: O(wrapping depth).
    public var listDepth: Int {
        switch self {
        case .named: 0
        case .list(let inner): inner.listDepth + 1
        case .nonNull(let inner): inner.listDepth
        }
    }

    /// The type with the positions `levels` names made non-null: 0 the field's value, 1 a
    /// list's items, 2 a nested list's items (`@semanticNonNull(levels:)`); a level past the
    /// type's lists changes nothing (the schema builder refuses it). - Complexity: O(depth).
    public func nonNull(atLevels levels: Set<Int>) -> GraphQLType {
        levels.isEmpty ? self : nonNull(atLevels: levels, from: 0)
    }

    private func nonNull(atLevels levels: Set<Int>, from level: Int) -> GraphQLType {
        let inner: GraphQLType = switch nullable {
        case .list(let item): .list(item.nonNull(atLevels: levels, from: level + 1))
        default: nullable
        }
        return levels.contains(level) || isNonNull ? .nonNull(inner) : inner
    }

    /// GraphQL's spelling, e.g. `[Issue!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    /// Whether a value of type `self` may be passed where `expected` is required (GraphQL's
    /// "are types compatible" for variables: non-null may go where nullable is expected).
    /// - Complexity: O(wrapping depth).
    public func isCompatible(with expected: GraphQLType) -> Bool {
        switch (self, expected) {
        case let (.nonNull(inner), .nonNull(expectedInner)): inner.isCompatible(with: expectedInner)
        case let (.nonNull(inner), _): inner.isCompatible(with: expected)
        case (_, .nonNull): false
        case let (.list(inner), .list(expectedInner)): inner.isCompatible(with: expectedInner)
        case let (.named(name), .named(expectedName)): name == expectedName
        case (.list, _), (.named, _): false
        }
    }
}
