// Input values and type references.

/// A value literal. Numbers keep their source text, as graphql-js does, so no
/// precision is lost before a schema says what type they are.
public enum Value: Hashable, Sendable {
    /// `$name`.
    case variable(Variable)
    /// An integer literal.
    case int(IntValue)
    /// A float literal.
    case float(FloatValue)
    /// A string or block string.
    case string(StringValue)
    /// `true` or `false`.
    case boolean(BooleanValue)
    /// `null`.
    case null(NullValue)
    /// An enum value.
    case `enum`(EnumValue)
    /// `[...]`.
    case list(ListValue)
    /// `{...}`.
    case object(ObjectValue)
}

/// `$name`.
public struct Variable: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// Where the node is written.
    public var location: SourceLocation
}

/// An integer literal's source text, e.g. `-0` or `42`.
public struct IntValue: Hashable, Sendable {
    /// The value as written.
    public var value: String
    /// Where the node is written.
    public var location: SourceLocation
}

/// A float literal's source text, e.g. `1.5E-3`.
public struct FloatValue: Hashable, Sendable {
    /// The value as written.
    public var value: String
    /// Where the node is written.
    public var location: SourceLocation
}

/// A string literal's value, escapes resolved and, for block strings, indentation
/// removed (the spec's `BlockStringValue`).
public struct StringValue: Hashable, Sendable {
    /// The value as written.
    public var value: String
    /// True when written as a `"""block string"""`.
    public var block: Bool
    /// Where the node is written.
    public var location: SourceLocation
}

/// `true` or `false`.
public struct BooleanValue: Hashable, Sendable {
    /// The value as written.
    public var value: Bool
    /// Where the node is written.
    public var location: SourceLocation
}

/// `null`.
public struct NullValue: Hashable, Sendable {
    /// Where the node is written.
    public var location: SourceLocation
}

/// An enum value: a name other than `true`, `false` or `null`.
public struct EnumValue: Hashable, Sendable {
    /// The value as written.
    public var value: String
    /// Where the node is written.
    public var location: SourceLocation
}

/// `[value ...]`.
public struct ListValue: Hashable, Sendable {
    /// The items, in source order.
    public var values: [Value]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `{name: value ...}`.
public struct ObjectValue: Hashable, Sendable {
    /// The fields, in source order.
    public var fields: [ObjectField]
    /// Where the node is written.
    public var location: SourceLocation
}

/// `name: value` inside an object value.
public struct ObjectField: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// The value as written.
    public var value: Value
    /// Where the node is written.
    public var location: SourceLocation
}

/// A type as written in a variable, field or argument definition: `T`, `[T]`, `T!`.
///
/// Only the wrapping cases are boxed, so the common named type costs no allocation.
public enum TypeReference: Hashable, Sendable {
    /// A type by name.
    case named(NamedType)
    /// `[...]`.
    indirect case list(ListType)
    /// `Type!`.
    indirect case nonNull(NonNullType)
}

/// A reference to a type by name.
public struct NamedType: Hashable, Sendable {
    /// The name as written.
    public var name: Name
    /// Where the node is written.
    public var location: SourceLocation
}

/// `[Type]`.
public struct ListType: Hashable, Sendable {
    /// The type as written.
    public var type: TypeReference
    /// Where the node is written.
    public var location: SourceLocation
}

/// `Type!`; the wrapped type is never itself non-null.
public struct NonNullType: Hashable, Sendable {
    /// The type as written.
    public var type: TypeReference
    /// Where the node is written.
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
