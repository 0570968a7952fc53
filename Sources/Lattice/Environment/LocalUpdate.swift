/// The writes of one local update of client-only fields (`Environment.commitLocalUpdate`),
/// each checked against the schema as it is staged: nothing reaches the store until the
/// update's body returns, so a refused write loses nothing and commits nothing.
///
/// Relay's `commitLocalUpdate` hands its updater a store proxy that writes any field; this one
/// writes only what the app's client schema declares (`SchemaField.isClientOnly`), so a local
/// update never overwrites the server's data.
@MainActor
public struct LocalUpdate {
    let schema: Schema
    let store: Store
    /// The checked writes, committed at once.
    var delta = RecordSourceDelta()

    init(schema: Schema, store: Store) {
        self.schema = schema
        self.store = store
    }

    /// Stages `value` for the client-only scalar or enum field `field` of the record `record`
    /// (`.null` clears it, for a nullable field). A second write of one field replaces the first.
    /// - Throws: `LocalUpdateError`, naming the record and the field: no such record, no such
    ///   field on its type, a field of the server, an object field, a value of another type.
    /// - Complexity: O(1) plus O(size of `value`) to check it.
    public mutating func set(_ field: String, of record: DataID, to value: JSONValue) throws(LocalUpdateError) {
        guard let stored = store.record(record), let type = stored.type.name else { throw .noRecord(record) }
        guard let declared = schema.field(field, on: type) else {
            throw .unknownField(record: record, type: type, field: field)
        }
        guard declared.isClientOnly else { throw .serverField(record: record, type: type, field: field) }
        guard let named = schema.types[declared.type.namedType], named.isLeaf else {
            throw .objectField(record: record, type: type, field: field)
        }
        guard Self.fits(value, declared.type, named) else {
            throw .valueDoesNotFit(record: record, field: field, expected: declared.type.description,
                                   found: value.kindDescription)
        }
        delta.set(FieldState(value: value == .null ? .null : .scalar(value)), for: FieldKey(field), on: record)
    }

    /// Whether `value` is a value of `type`, whose named type is the leaf `named`.
    /// - Complexity: O(size of `value`).
    private static func fits(_ value: JSONValue, _ type: GraphQLType, _ named: SchemaType) -> Bool {
        switch (type, value) {
        case (.nonNull, .null): return false
        case (.nonNull(let inner), _): return fits(value, inner, named)
        case (_, .null): return true
        case (.list(let item), .array(let items)): return items.allSatisfy { fits($0, item, named) }
        case (.list, _): return false
        case (.named, _): return leafFits(value, named)
        }
    }

    private static func leafFits(_ value: JSONValue, _ named: SchemaType) -> Bool {
        if case .enumeration(let values) = named.kind {
            if case .string(let name) = value { return values.contains(name) }
            return false
        }
        switch (named.name, value) {
        case ("Boolean", .bool), ("String", .string), ("ID", .string), ("ID", .int), ("Float", .double), ("Float", .int):
            return true
        case ("Int", .int(let integer)):
            return Int(Int32.min)...Int(Int32.max) ~= integer
        case ("Boolean", _), ("String", _), ("ID", _), ("Float", _), ("Int", _):
            return false
        default:
            // A custom scalar: the app's to give in the form its server would.
            if case .array = value { return false }
            return true
        }
    }
}
