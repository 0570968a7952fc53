import GraphQLSyntax

extension JSONValue {
    /// The value as compact JSON text that reads back as the same value, kinds included: an
    /// integer prints as digits, a double always with a fraction or an exponent (`40.0`,
    /// `1e-05`), keys sorted (so equal values print alike), strings quoted as Python's
    /// `json.dumps` quotes them (`JSONText`). Foundation's `JSONEncoder`, which prints `40.0`
    /// as `40`, would turn a double into an integer on the way back.
    /// - Complexity: O(size of the value), plus sorting each object's keys.
    public var jsonText: String {
        var utf8: [UInt8] = []
        write(to: &utf8, indentation: nil)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The same text as `jsonText`, laid out for reading: one member or element a line,
    /// indented two spaces a level. - Complexity: as `jsonText`.
    public var indentedJSONText: String {
        var utf8: [UInt8] = []
        write(to: &utf8, indentation: "")
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the value's UTF-8 text; `indentation` is the current line's, nil for compact text.
    private func write(to utf8: inout [UInt8], indentation: String?) {
        switch self {
        case .null: utf8 += "null".utf8
        case .bool(let value): utf8 += (value ? "true" : "false").utf8
        case .int(let value): utf8 += String(value).utf8
        case .double(let value): utf8 += "\(value)".utf8
        case .string(let value): JSONText.appendQuoted(value, to: &utf8)
        case .array(let items):
            Self.writeContainer(items.count, open: "[", close: "]", to: &utf8,
                                indentation: indentation) { offset, inner, utf8 in
                items[offset].write(to: &utf8, indentation: inner)
            }
        case .object(let members):
            let keys = members.keys.sorted()
            Self.writeContainer(keys.count, open: "{", close: "}", to: &utf8,
                                indentation: indentation) { offset, inner, utf8 in
                JSONText.appendQuoted(keys[offset], to: &utf8)
                utf8 += (inner == nil ? ":" : ": ").utf8
                members[keys[offset]]?.write(to: &utf8, indentation: inner)
            }
        }
    }

    /// `count` members between `open` and `close`, comma-separated, each written by `member`
    /// with the indentation of its line (on lines of their own when indenting).
    private static func writeContainer(_ count: Int, open: Unicode.Scalar, close: Unicode.Scalar,
                                       to utf8: inout [UInt8], indentation: String?,
                                       member: (Int, String?, inout [UInt8]) -> Void) {
        utf8.append(UInt8(ascii: open))
        guard count > 0 else {
            utf8.append(UInt8(ascii: close))
            return
        }
        let inner = indentation.map { $0 + "  " }
        for offset in 0..<count {
            if offset > 0 { utf8.append(UInt8(ascii: ",")) }
            if let inner { utf8 += ("\n" + inner).utf8 }
            member(offset, inner, &utf8)
        }
        if let indentation { utf8 += ("\n" + indentation).utf8 }
        utf8.append(UInt8(ascii: close))
    }
}
