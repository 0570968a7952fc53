/// What a data check made of the lookup fields it found missing (`Lookups`), Relay's
/// missing-field handlers as configuration: a lookup whose key arguments (its records' key
/// fields, as the record identity configures them) name a record the
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
              let target = Self.record(named: field, returning: child, bound: bound, in: store),
              case .known(let type) = target.type else { return nil }
        guard child.typenames.admits(type) else {
            refusals.append(LookupRefusedEvent(document: bound.artifact.name,
                                               path: bound.artifact.selectionSet.path(to: field) ?? [field.responseKey],
                                               lookup: LookupField(type: set.typeName, field: field.name),
                                               typename: type.name, record: target.id))
            return nil
        }
        links.append(Link(record: record.id, key: bound.fieldKey(of: field), target: target.id))
        return target
    }

    /// The record the store holds that `field`'s arguments under `bound`'s variables name
    /// (`recordIDs(named:returning:bound:)`), the first found.
    static func record(named field: FieldNode, returning child: ObjectSelection, bound: BoundArtifact,
                       in store: Store) -> Record? {
        recordIDs(named: field, returning: child, bound: bound).lazy.compactMap { store.record($0) }.first
    }

    /// The record IDs `field`'s arguments under `bound`'s variables name, as the records
    /// `child` selects are keyed (`ObjectSelection.recordKeys`, the configured keys): by the
    /// `id` argument when every one is the global `id`, else by each keyed type's key fields
    /// the arguments carry, in the order of the keys. Never a client record's: the client
    /// namespace is the store's own, which no server key names.
    /// - Complexity: O(length of the arguments) plus O(keys).
    static func recordIDs(named field: FieldNode, returning child: ObjectSelection, bound: BoundArtifact) -> [DataID] {
        let arguments: [String: JSONValue]
        switch field.key {
        case .constant(let key, _): arguments = StorageKey.arguments(of: key.storageKey) ?? [:]
        case .variable(_, let template): arguments = template.arguments.mapValues { $0.resolve(bound.variables) }
        }
        let keys = child.recordKeys?.keys.map(\.key) ?? [.id]
        return keys.compactMap { key in
            var values: [JSONValue] = []
            for name in key.fields {
                guard let value = arguments[name] else { return nil }
                values.append(value)
            }
            guard let id = key.recordID(values: values), !id.isClient else { return nil }
            return id
        }
    }
}
