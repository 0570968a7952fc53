extension Schema {
    /// A digest of the server schema's types and fields (client-only ones left out), each field
    /// with its type and semantic non-null levels, and its configured record identity (records
    /// keyed otherwise are other records) (16 hex digits,
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
        // Only when configured, so the digests of schemas keyed by default stay as they were.
        for name in identity.types.keys.sorted() {
            switch identity.types[name] {
            case .keyed(let key)?:
                text += "identity " + name + "=" + key.fields.joined(separator: ",")
                if case .type(let space) = key.scope { text += "@" + space }
                text += ";"
            case .unkeyed?: text += "identity " + name + "=;"
            case nil: break
            }
        }
        return Fingerprint.of(text)
    }
}
