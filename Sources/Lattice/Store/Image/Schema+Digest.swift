extension Schema {
    /// A digest of the schema's types and fields, each field with its type: the image keeps
    /// it, and an image written under another schema starts empty. 16 hex digits (FNV-1a).
    /// - Complexity: O(types and fields), sorted.
    var digest: String {
        var text = ""
        for name in types.keys.sorted() {
            guard let type = types[name] else { continue }
            text += name + "{"
            for field in type.fields.keys.sorted() { text += field + ":" + (type.fields[field].map { "\($0.type)" } ?? "") + ";" }
            text += "}"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
