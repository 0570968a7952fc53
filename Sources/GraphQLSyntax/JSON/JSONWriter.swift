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

    /// A JSON string (`JSONText.appendQuoted`).
    private mutating func appendQuoted(_ value: String) {
        JSONText.appendQuoted(value, to: &utf8)
    }
}
