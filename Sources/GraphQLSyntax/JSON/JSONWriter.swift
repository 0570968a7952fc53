/// Appends compact JSON text to a byte buffer: objects are written key by key, with
/// commas placed automatically. Used for `--ast-json`.
struct JSONWriter {
    private(set) var utf8: [UInt8] = []
    /// Whether the next member or element of the innermost container needs a comma.
    private var needsComma = false

    mutating func beginObject(kind: String) {
        separate()
        utf8.append(UInt8(ascii: "{"))
        needsComma = false
        key("kind")
        string(kind)
    }

    mutating func endObject() {
        utf8.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        utf8.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func array<T>(_ key: String, _ items: [T], _ write: (inout JSONWriter, T) -> Void) {
        self.key(key)
        utf8.append(UInt8(ascii: "["))
        needsComma = false
        for item in items { write(&self, item) }
        utf8.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// `array(key, items, write)`, or null when there are no items: graphql-core keeps an
    /// optional list that was not written (no directives, no arguments) as None.
    mutating func arrayOrNull<T>(_ key: String, _ items: [T], _ write: (inout JSONWriter, T) -> Void) {
        guard !items.isEmpty else {
            self.key(key)
            null()
            return
        }
        array(key, items, write)
    }

    mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        utf8.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
        needsComma = true
    }

    mutating func null() {
        separate()
        utf8.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { utf8.append(UInt8(ascii: ",")) }
    }

    /// A JSON string: `"` and `\` escaped, control characters as Python's `json.dumps`
    /// writes them (`\b`, `\f`, `\n`, `\r`, `\t`, else `\u00XX`). Runs of bytes that need
    /// no escape are copied at once.
    private mutating func appendQuoted(_ value: String) {
        utf8.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(byte)
                runStart = index + 1
            }
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        utf8.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
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
