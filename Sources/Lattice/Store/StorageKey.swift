/// Canonical storage keys: a field's name plus its arguments, so that `issues(first: 10)` and
/// `issues(first: 20)` are different fields of the same record.
///
/// Format (Relay's): `name` without arguments, otherwise `name(a:1,b:"x")` with arguments
/// sorted by name, values printed as canonical JSON (object keys sorted), and arguments whose
/// value is `null` or absent left out, so an optional argument not passed names the same field
/// as the field without it.
public enum StorageKey {
    /// The storage key of `name` with `arguments` (already resolved: no variables).
    /// - Complexity: O(a log a + size of the values) for `a` arguments.
    public static func make(name: String, arguments: [(name: String, value: JSONValue)]) -> String {
        let present = arguments.filter { $0.value != .null }.sorted { $0.name < $1.name }
        if present.isEmpty { return name }
        var text = name + "("
        for (position, argument) in present.enumerated() {
            if position > 0 { text += "," }
            text += argument.name + ":"
            canonicalJSON(argument.value, into: &text)
        }
        return text + ")"
    }

    /// Prints `value` as JSON with object keys sorted, so equal values print equally.
    /// - Complexity: O(size of the value).
    public static func canonicalJSON(_ value: JSONValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number): text += number.description
        case .string(let string): quote(string, into: &text)
        case .array(let items):
            text += "["
            for (position, item) in items.enumerated() {
                if position > 0 { text += "," }
                canonicalJSON(item, into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { text += "," }
                quote(key, into: &text)
                text += ":"
                canonicalJSON(members[key] ?? .null, into: &text)
            }
            text += "}"
        }
    }

    private static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
