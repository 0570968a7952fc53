/// What a data check made of the lookup fields it found missing (`Lookups`), Relay's
/// missing-field handlers as configuration: a lookup whose key arguments name a record the
/// store holds, of a type the field can return, is answered by that record (the check goes on
/// into it, and the link is kept for the attach to write); one whose record is of another type
/// is refused (kept, for the attach to log at its path) and stays missing, as is one whose
/// record is not there, deleted, or of a type not known.
///
/// Only the untracked check of an attach (and `Environment.check`) answers lookups: a body's
/// tracked check never writes, so it follows only the links written.
@MainActor
struct LookupAnswers {
    /// A link the check followed that no response wrote: `key` of `record` to `target`.
    struct Link {
        let record: DataID
        let key: FieldKey
        let target: DataID
    }

    let lookups: Lookups
    let store: Store
    /// The links answered, in the order the check met them.
    private(set) var links: [Link] = []
    /// The lookups refused, in the order the check met them.
    private(set) var refusals: [LookupRefusedEvent] = []

    init(lookups: Lookups, store: Store) {
        self.lookups = lookups
        self.store = store
    }

    /// The record answering `field`, missing on `record` where `set` selects it, if `field`
    /// is a lookup and its record is there, of a type the field can return.
    /// - Complexity: O(1) for a field that is no lookup (two string hashes); a lookup's
    ///   arguments read from its storage key, O(its length); a refusal, O(fields of the
    ///   document) to find its path.
    mutating func answer(_ field: FieldNode, in set: ObjectSelection, on record: Record,
                         bound: BoundArtifact) -> Record? {
        guard case .linked(let child) = field.kind, field.connection == nil,
              lookups.contains(field.name, on: set.typeName),
              let id = Self.recordID(named: field, bound: bound), let target = store.record(id),
              case .known(let type) = target.type else { return nil }
        guard child.typenames.admits(type) else {
            refusals.append(LookupRefusedEvent(document: bound.artifact.name,
                                               path: bound.artifact.selectionSet.path(to: field) ?? [field.responseKey],
                                               lookup: LookupField(type: set.typeName, field: field.name),
                                               typename: type.name, record: id))
            return nil
        }
        links.append(Link(record: record.id, key: bound.fieldKey(of: field), target: id))
        return target
    }

    /// The record `field`'s key argument names under `bound`'s variables: a string or an
    /// integer `id`, as the normalizer keys records; `nil` for another value, or one in the
    /// client namespace (the store's own records, which no server id names).
    static func recordID(named field: FieldNode, bound: BoundArtifact) -> DataID? {
        let value: JSONValue?
        switch field.key {
        case .constant(let key, _): value = StorageKey.arguments(of: key.storageKey)?[Lookups.keyArgument]
        case .variable(_, let template): value = template.arguments[Lookups.keyArgument]?.resolve(bound.variables)
        }
        switch value {
        case .string(let raw)?:
            let id = DataID(raw)
            return id.isClient ? nil : id
        case .int(let raw)?:
            return DataID(String(raw))
        case nil, .null?, .bool?, .double?, .array?, .object?:
            return nil
        }
    }
}
