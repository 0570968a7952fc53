/// A Swift value the app hands the runtime as JSON: a variable, an input object field, or a
/// field of a generated optimistic response.
///
/// Built in: `String`, `Int`, `Double`, `Bool`, `DataID` (an `ID`), `JSONValue`, arrays and
/// optionals of them (`nil` as null); generated enums, input objects and optimistic responses
/// conform. A custom scalar's app type conforms to be sent or to be part of an optimistic
/// response.
public protocol InputEncodable: Sendable {
    /// The value as JSON.
    var inputJSON: JSONValue { get }
}

extension String: InputEncodable {
    /// A string.
    public var inputJSON: JSONValue { .string(self) }
}

extension Int: InputEncodable {
    /// An integer.
    public var inputJSON: JSONValue { .int(self) }
}

extension Double: InputEncodable {
    /// A float.
    public var inputJSON: JSONValue { .double(self) }
}

extension Bool: InputEncodable {
    /// A boolean.
    public var inputJSON: JSONValue { .bool(self) }
}

extension DataID: InputEncodable {
    /// An `ID`, as a string.
    public var inputJSON: JSONValue { .string(rawValue) }
}

// Any string is an id, so an `ID` variable or input field is written as one:
// `.init(id: "SXNzdWU6MQ==")`, and `InputValue<DataID>` takes the literal too.
extension DataID: ExpressibleByStringLiteral {
    /// The id whose raw key is `value`. - Complexity: O(length).
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension JSONValue: InputEncodable {
    /// Itself.
    public var inputJSON: JSONValue { self }
}

extension Array: InputEncodable where Element: InputEncodable {
    /// A list.
    public var inputJSON: JSONValue { .array(map(\.inputJSON)) }
}

extension Optional: InputEncodable where Wrapped: InputEncodable {
    /// `nil` as null (a list item, or an input field the schema lets be null).
    public var inputJSON: JSONValue { map(\.inputJSON) ?? .null }
}

/// A nullable variable or input field, or one with a default, where leaving it out and
/// sending null differ (the server applies a default only to what was left out).
public enum InputValue<Wrapped: InputEncodable>: InputEncodable {
    /// Not sent.
    case omitted
    /// Sent as null.
    case null
    /// Sent as the value.
    case some(Wrapped)

    /// Null when omitted too (a list item cannot be left out); `InputFields` skips omitted
    /// ones before asking.
    public var inputJSON: JSONValue {
        switch self {
        case .omitted, .null: .null
        case .some(let value): value.inputJSON
        }
    }
}

extension InputValue: Equatable where Wrapped: Equatable {}
extension InputValue: Hashable where Wrapped: Hashable {}

// Literals: a value written as a literal is sent as that value, so `.init(first: 3)` reads as
// `.init(first: .some(3))`; `nil` is sent as null (as an optional's `nil` is), never omitted.

extension InputValue: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// `.some` of the integer. - Complexity: O(1).
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .some(Wrapped(integerLiteral: value))
    }
}

extension InputValue: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// `.some` of the number. - Complexity: O(1).
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .some(Wrapped(floatLiteral: value))
    }
}

extension InputValue: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// `.some` of the boolean. - Complexity: O(1).
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .some(Wrapped(booleanLiteral: value))
    }
}

extension InputValue: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByUnicodeScalarLiteral {
    /// `.some` of the one-scalar string. - Complexity: O(1).
    public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
        self = .some(Wrapped(unicodeScalarLiteral: value))
    }
}

extension InputValue: ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByExtendedGraphemeClusterLiteral {
    /// `.some` of the one-character string. - Complexity: O(1).
    public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
        self = .some(Wrapped(extendedGraphemeClusterLiteral: value))
    }
}

extension InputValue: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// `.some` of the string. - Complexity: O(length).
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .some(Wrapped(stringLiteral: value))
    }
}

extension InputValue: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// `.some` of the list: `states: [.open]`. - Complexity: O(count).
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .some(Wrapped(elements))
    }
}

extension InputValue: ExpressibleByNilLiteral {
    /// `.null`: sent as null, as an optional's `nil` is. Leaving the value out is `.omitted`.
    /// - Complexity: O(1).
    public init(nilLiteral: ()) {
        self = .null
    }
}

/// The JSON object of a variables value or an input object, built field by field: what
/// generated `json` and `inputJSON` write, so an omitted field is left out in one place.
public struct InputFields {
    /// The fields so far.
    public private(set) var json: [String: JSONValue] = [:]

    /// No fields yet.
    public init() {}

    /// Sets `name` to `value`.
    public mutating func set(_ name: String, _ value: some InputEncodable) {
        json[name] = value.inputJSON
    }

    /// Sets `name` to `value`, unless it is omitted.
    public mutating func set<Wrapped>(_ name: String, _ value: InputValue<Wrapped>) {
        if case .omitted = value { return }
        json[name] = value.inputJSON
    }

    /// Adds the fields of `object`, when it is one (a generated optimistic response's part for
    /// a type condition, `nil` when the object is not of that type): a field both hold merges
    /// the same way, an object's fields into the other's and a list's items into the other's
    /// at the same position; any other value of `object`'s replaces the one set.
    /// - Complexity: O(size of `object`'s JSON).
    public mutating func merge(_ object: some InputEncodable) {
        guard case .object(let fields) = object.inputJSON else { return }
        for (name, value) in fields {
            json[name] = json[name].map { Self.merged($0, value) } ?? value
        }
    }

    private static func merged(_ base: JSONValue, _ added: JSONValue) -> JSONValue {
        switch (base, added) {
        case (.object(var fields), .object(let more)):
            for (name, value) in more { fields[name] = fields[name].map { merged($0, value) } ?? value }
            return .object(fields)
        case (.array(let items), .array(let more)) where items.count == more.count:
            return .array(zip(items, more).map(merged))
        default:
            return added
        }
    }
}
