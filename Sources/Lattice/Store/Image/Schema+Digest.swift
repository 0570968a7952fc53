extension Schema {
    /// A digest of the schema's types and fields, each field with its type (16 hex digits,
    /// `Fingerprint`): the image keeps it, and an image written under another schema starts
    /// empty; generated code carries the digest of the schema it was checked against
    /// (`GeneratedProgram.schemaDigest`).
    /// - Complexity: O(types and fields), sorted.
    public var digest: String {
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
