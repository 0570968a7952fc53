extension Schema {
    /// A digest of the server schema's types and fields (client-only ones left out), each field with its type and
    /// semantic non-null levels (16 hex digits,
    /// `Fingerprint`): the image keeps it, and an image written under another schema starts
    /// empty; generated code carries the digest of the schema it was checked against
    /// (`GeneratedProgram.schemaDigest`).
    /// - Complexity: O(types and fields), sorted.
    public var digest: String {
        var text = ""
        for name in types.keys.sorted() {
            // The server's schema alone: client-only types and fields are the app's, and an
            // app compares the digest with the server's.
            guard let type = types[name], !type.isClientOnly else { continue }
            text += name + "{"
            for field in type.fields.keys.sorted() {
                guard let field = type.fields[field], !field.isClientOnly else { continue }
                text += field.name + ":" + "\(field.type)"
                // Only where declared, so the digests of schemas without it stay as they were.
                if !field.semanticNonNullLevels.isEmpty {
                    text += "@semanticNonNull" + field.semanticNonNullLevels.sorted().description
                }
                text += ";"
            }
            text += "}"
        }
        return Fingerprint.of(text)
    }
}
