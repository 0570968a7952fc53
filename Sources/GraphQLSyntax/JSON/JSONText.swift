/// JSON string literals as Python's `json.dumps` writes them: the one quoter of the
/// package's JSON text, the AST JSON here (`astJSON()`) and the runtime's (`JSONValue.jsonText`).
public enum JSONText {
    /// Appends `value` quoted: `"` and `\` escaped, the control characters as `\b`, `\f`,
    /// `\n`, `\r`, `\t`, else `\u00XX`, everything else as its UTF-8 bytes. Runs of bytes that
    /// need no escape are copied at once.
    /// - Complexity: O(length of `value`).
    public static func appendQuoted(_ value: String, to utf8: inout [UInt8]) {
        utf8.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(byte, to: &utf8)
                runStart = index + 1
            }
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        utf8.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to utf8: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): utf8.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): utf8.append(contentsOf: [0x5C, 0x5C])
        case 0x08: utf8.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: utf8.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x0A: utf8.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: utf8.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: utf8.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            utf8.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
