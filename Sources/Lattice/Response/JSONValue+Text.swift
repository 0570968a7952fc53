extension JSONValue {
    /// The value as compact JSON text that reads back as the same value, kinds included: an
    /// integer prints as digits, a double always with a fraction or an exponent (`40.0`,
    /// `1e-05`), keys sorted (so equal values print alike). Foundation's `JSONEncoder`, which
    /// prints `40.0` as `40`, would turn a double into an integer on the way back.
    /// - Complexity: O(size of the value), plus sorting each object's keys.
    public var jsonText: String {
        var text = ""
        write(to: &text, indentation: nil)
        return text
    }

    /// The same text as `jsonText`, laid out for reading: one member or element a line,
    /// indented two spaces a level. - Complexity: as `jsonText`.
    public var indentedJSONText: String {
        var text = ""
        write(to: &text, indentation: "")
        return text
    }

    /// Appends the value; `indentation` is the current line's, nil for compact text.
    private func write(to text: inout String, indentation: String?) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .double(let value): text += "\(value)"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let items):
            Self.writeContainer(items.count, open: "[", close: "]", to: &text, indentation: indentation) { offset, inner, text in
                items[offset].write(to: &text, indentation: inner)
            }
        case .object(let members):
            let keys = members.keys.sorted()
            Self.writeContainer(keys.count, open: "{", close: "}", to: &text, indentation: indentation) { offset, inner, text in
                Self.writeString(keys[offset], to: &text)
                text += inner == nil ? ":" : ": "
                members[keys[offset]]?.write(to: &text, indentation: inner)
            }
        }
    }

    /// `count` members between `open` and `close`, comma-separated, each written by `member`
    /// with the indentation of its line (on lines of their own when indenting).
    private static func writeContainer(_ count: Int, open: String, close: String, to text: inout String,
                                       indentation: String?, member: (Int, String?, inout String) -> Void) {
        text += open
        guard count > 0 else {
            text += close
            return
        }
        let inner = indentation.map { $0 + "  " }
        for offset in 0..<count {
            if offset > 0 { text += "," }
            if let inner { text += "\n" + inner }
            member(offset, inner, &text)
        }
        if let indentation { text += "\n" + indentation }
        text += close
    }

    /// `value` quoted, with `"`, `\` and the control characters escaped: the runs between
    /// them are appended whole, not scalar by scalar.
    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        let bytes = value.utf8
        var runStart = bytes.startIndex
        var index = runStart
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                bytes.formIndex(after: &index)
                continue
            }
            text += value[runStart..<index]
            switch byte {
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\r"): text += "\\r"
            case UInt8(ascii: "\t"): text += "\\t"
            default:
                let hex = String(byte, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            bytes.formIndex(after: &index)
            runStart = index
        }
        text += value[runStart..<index]
        text += "\""
    }
}
