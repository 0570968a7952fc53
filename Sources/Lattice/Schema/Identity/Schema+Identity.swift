extension Schema {
    /// The key of `typeName`'s records: the configured one, none for a type configured
    /// unkeyed, else `RecordKey.id` for a type with `id: ID!`. For an object type; an
    /// interface or union answers as a type with `id: ID!` does (its objects are keyed by
    /// their own types' keys).
    /// - Complexity: O(1).
    public func key(of typeName: String) -> RecordKey? {
        switch identity.types[typeName] {
        case .keyed(let key)?: key
        case .unkeyed?: nil
        case nil: types[typeName]?.isIdentified ?? false ? .id : nil
        }
    }

    /// This schema with its types keyed as `identity` says (`identity`): the compiler adds
    /// each type's key fields to its selections, the normalizer keys its records by them.
    /// - Throws: the first entry the schema refuses, in type name order: a type it lacks or
    ///   that is not an object type, a key field the type lacks, that is nullable, a list, an
    ///   object or a Float, named twice, and scoped types claiming one key space.
    /// - Complexity: O(entries × key fields).
    public func keyed(by identity: RecordIdentity) throws(IdentityError) -> Schema {
        var spaces: [String: [String]] = [:]
        for name in identity.types.keys.sorted() {
            guard let type = types[name] else { throw .unknownType(type: name) }
            guard case .object = type.kind else { throw .notAnObjectType(type: name) }
            guard case .keyed(let key)? = identity.types[name] else { continue }
            var seen: Set<String> = []
            for field in key.fields {
                guard seen.insert(field).inserted else { throw .repeatedKeyField(type: name, field: field) }
                try checkKeyField(field, of: type)
            }
            if case .type(let space) = key.scope {
                guard space != "client", !space.isEmpty, !space.contains(":") else {
                    throw .invalidKeySpace(type: name, space: space)
                }
                spaces[space, default: []].append(name)
            }
        }
        if let (space, claimants) = spaces.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
            throw .sharedKeySpace(space: space, types: claimants)
        }
        return Schema(types: types, directives: directives, queryType: queryType, mutationType: mutationType,
                      subscriptionType: subscriptionType, sources: sources, clientSources: clientSources,
                      identity: identity)
    }

    /// Refuses `field` of `type` as a key field unless it is a non-null scalar or enum, not a
    /// list, not a Float.
    private func checkKeyField(_ field: String, of type: SchemaType) throws(IdentityError) {
        guard let declared = type.fields[field] else { throw .unknownKeyField(type: type.name, field: field) }
        guard case .nonNull(let inner) = declared.type else {
            throw .nullableKeyField(type: type.name, field: field, fieldType: "\(declared.type)")
        }
        guard case .named(let named) = inner else {
            throw .listKeyField(type: type.name, field: field, fieldType: "\(declared.type)")
        }
        guard types[named]?.isLeaf ?? false else {
            throw .compositeKeyField(type: type.name, field: field, fieldType: "\(declared.type)")
        }
        if named == "Float" { throw .floatKeyField(type: type.name, field: field) }
    }
}
