/// A Swift type a lens can read a scalar or enum field as.
///
/// Built in: `String`, `Int`, `Double`, `Bool`, `DataID` (an `ID` field), `JSONValue` (any
/// value, e.g. a custom scalar) and arrays of them. An enum with `String` raw values reads
/// its GraphQL enum by declaring `extension IssueState: ScalarDecodable { static let
/// unavailableValue = IssueState.open }`.
public protocol ScalarDecodable {
    /// The value from its JSON form, or `nil` if it is not of this type.
    init?(json: JSONValue)
    /// What a read that cannot throw gives for a non-null field the store has no value for
    /// (a lens kept past its ready phase, a record deleted, a value of another type): the
    /// read reports it to the environment's logger and shows this instead of stopping
    /// (decision record 0010). Empty or zero for the built-in types.
    static var unavailableValue: Self { get }
}

extension String: ScalarDecodable {
    /// Empty.
    public static var unavailableValue: String { "" }

    /// A string.
    public init?(json: JSONValue) {
        guard case .string(let value) = json else { return nil }
        self = value
    }
}

extension Int: ScalarDecodable {
    /// Zero.
    public static var unavailableValue: Int { 0 }

    /// An integer.
    public init?(json: JSONValue) {
        guard case .int(let value) = json else { return nil }
        self = value
    }
}

extension Double: ScalarDecodable {
    /// Zero.
    public static var unavailableValue: Double { 0 }

    /// Accepts integers too: JSON does not tell `1` from `1.0`.
    public init?(json: JSONValue) {
        switch json {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        case .null, .bool, .string, .array, .object: return nil
        }
    }
}

extension Bool: ScalarDecodable {
    /// False.
    public static var unavailableValue: Bool { false }

    /// A boolean.
    public init?(json: JSONValue) {
        guard case .bool(let value) = json else { return nil }
        self = value
    }
}

extension DataID: ScalarDecodable {
    /// The empty id.
    public static var unavailableValue: DataID { DataID("") }

    /// An `ID` field: a string, or an integer as the spec allows.
    public init?(json: JSONValue) {
        switch json {
        case .string(let value): self.init(value)
        case .int(let value): self.init(String(value))
        case .null, .bool, .double, .array, .object: return nil
        }
    }
}

extension JSONValue: ScalarDecodable {
    /// Null.
    public static var unavailableValue: JSONValue { .null }

    /// Any value, as sent.
    public init?(json: JSONValue) {
        self = json
    }
}

extension Array: ScalarDecodable where Element: ScalarDecodable {
    /// Empty.
    public static var unavailableValue: [Element] { [] }

    /// A list whose every item decodes (no null items).
    public init?(json: JSONValue) {
        guard case .array(let items) = json else { return nil }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(json: item) else { return nil }
            result.append(element)
        }
        self = result
    }
}

extension ScalarDecodable where Self: RawRepresentable, RawValue == String {
    /// A GraphQL enum value by its name.
    public init?(json: JSONValue) {
        guard case .string(let name) = json else { return nil }
        self.init(rawValue: name)
    }
}

extension Optional: ScalarDecodable where Wrapped: ScalarDecodable {
    /// `nil`.
    public static var unavailableValue: Wrapped? { nil }

    /// A value that may be null: a list item of `[T]` (null items), as generated code reads it.
    public init?(json: JSONValue) {
        if case .null = json {
            self = .none
            return
        }
        guard let value = Wrapped(json: json) else { return nil }
        self = .some(value)
    }
}
