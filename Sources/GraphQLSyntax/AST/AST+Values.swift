// Input values and type references.

/// A value literal. Numbers keep their source text, as graphql-js does, so no
/// precision is lost before a schema says what type they are.
public enum Value: Hashable, Sendable {
    case variable(Variable)
    case int(IntValue)
    case float(FloatValue)
    case string(StringValue)
    case boolean(BooleanValue)
    case null(NullValue)
    case `enum`(EnumValue)
    case list(ListValue)
    case object(ObjectValue)
}

/// `$name`.
public struct Variable: Hashable, Sendable {
    public var name: Name
    public var location: SourceLocation
}

/// An integer literal's source text, e.g. `-0` or `42`.
public struct IntValue: Hashable, Sendable {
    public var value: String
    public var location: SourceLocation
}

/// A float literal's source text, e.g. `1.5E-3`.
public struct FloatValue: Hashable, Sendable {
    public var value: String
    public var location: SourceLocation
}

/// A string literal's value, escapes resolved and, for block strings, indentation
/// removed (the spec's `BlockStringValue`).
public struct StringValue: Hashable, Sendable {
    public var value: String
    /// True when written as a `"""block string"""`.
    public var block: Bool
    public var location: SourceLocation
}

/// `true` or `false`.
public struct BooleanValue: Hashable, Sendable {
    public var value: Bool
    public var location: SourceLocation
}

/// `null`.
public struct NullValue: Hashable, Sendable {
    public var location: SourceLocation
}

/// An enum value: a name other than `true`, `false` or `null`.
public struct EnumValue: Hashable, Sendable {
    public var value: String
    public var location: SourceLocation
}

/// `[value ...]`.
public struct ListValue: Hashable, Sendable {
    public var values: [Value]
    public var location: SourceLocation
}

/// `{name: value ...}`.
public struct ObjectValue: Hashable, Sendable {
    public var fields: [ObjectField]
    public var location: SourceLocation
}

/// `name: value` inside an object value.
public struct ObjectField: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var location: SourceLocation
}

/// A type as written in a variable, field or argument definition: `T`, `[T]`, `T!`.
public indirect enum TypeReference: Hashable, Sendable {
    case named(NamedType)
    case list(ListType)
    case nonNull(NonNullType)
}

/// A reference to a type by name.
public struct NamedType: Hashable, Sendable {
    public var name: Name
    public var location: SourceLocation
}

/// `[Type]`.
public struct ListType: Hashable, Sendable {
    public var type: TypeReference
    public var location: SourceLocation
}

/// `Type!`; the wrapped type is never itself non-null.
public struct NonNullType: Hashable, Sendable {
    public var type: TypeReference
    public var location: SourceLocation
}

extension Value {
    /// Where the value is written.
    public var location: SourceLocation {
        switch self {
        case .variable(let v): v.location
        case .int(let v): v.location
        case .float(let v): v.location
        case .string(let v): v.location
        case .boolean(let v): v.location
        case .null(let v): v.location
        case .enum(let v): v.location
        case .list(let v): v.location
        case .object(let v): v.location
        }
    }
}

extension TypeReference {
    /// Where the type reference is written.
    public var location: SourceLocation {
        switch self {
        case .named(let t): t.location
        case .list(let t): t.location
        case .nonNull(let t): t.location
        }
    }

    /// The named type at the core of the wrappers (`User` for `[User!]!`).
    public var namedType: NamedType {
        switch self {
        case .named(let t): t
        case .list(let t): t.type.namedType
        case .nonNull(let t): t.type.namedType
        }
    }
}
