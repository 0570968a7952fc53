extension Schema {
    /// A digest of the schema's types and fields, each field with its type: the image keeps
    /// it, and an image written under another schema starts empty (`Fingerprint`).
    /// - Complexity: O(types and fields), sorted.
    var digest: String {
        var text = ""
        for name in types.keys.sorted() {
            guard let type = types[name] else { continue }
            text += name + "{"
            for field in type.fields.keys.sorted() { text += field + ":" + (type.fields[field].map { "\($0.type)" } ?? "") + ";" }
            text += "}"
        }
        return Fingerprint.of(text)
    }
}
