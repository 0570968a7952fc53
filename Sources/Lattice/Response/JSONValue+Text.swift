extension JSONValue {
    /// The value as compact JSON text that reads back as the same value, kinds included: an
    /// integer prints as digits, a double always with a fraction or an exponent (`40.0`,
    /// `1e-05`), keys sorted (so equal values print alike). Foundation's `JSONEncoder`, which
    /// prints `40.0` as `40`, would turn a double into an integer on the way back.
    /// - Complexity: O(size of the value), plus sorting each object's keys.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .double(let value): text += "\(value)"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let items):
            text += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { text += "," }
                Self.writeString(key, to: &text)
                text += ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    /// `value` quoted, with `"`, `\` and the control characters escaped.
    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
