import Observation

/// One normalized object of the store: its fields by `FieldKey`, each observable on its own.
///
/// A record is the unit of observation: every field read through a lens calls
/// `registrar.access(record, keyPath: \Record.[field: key])` with a key path the artifact
/// built once, so a body depends on exactly the fields it read. Writes are silent; the store
/// notifies after a whole commit is applied (`Store.publish`).
///
/// The `[field:]` subscript is an observation *token*: it returns its key, never the field's
/// value, because a key path must not reach into main-actor state from a nonisolated context
/// and nothing ever applies it. Values are read through `slot(_:)`, lenses and snapshots.
@MainActor
public final class Record: Observable {
    /// The record's key in the store.
    public let id: DataID
    /// A process-unique number, used by `FieldRef` to name the record without hashing its id.
    public let serial: Int
    /// The fields, by interned storage key.
    @exclusivity(unchecked) var slots = SlotTable()
    /// The record's type, cached from `__typename` for type conditions. Walks and lenses
    /// read it through `Record.typeKeyPath` (`ReadTracking.accessType(of:)`), and
    /// `Store.publish` notifies that key path whenever it changes.
    /// Unchecked, as `slots`: main-actor state no access overlaps, and a dynamic exclusivity
    /// check (`swift_beginAccess`) on each of a commit's reads and writes of it cost more than
    /// they do.
    @exclusivity(unchecked) var type: RecordType = .unknown
    /// The write epoch at which the record was last invalidated, if ever.
    var invalidationEpoch: Int?
    /// The number of the last collection that reached the record (`Store.collectGarbage`): marking
    /// stores a number in the record instead of hashing its id into a set.
    var collectionMark = 0
    let registrar = ObservationRegistrar()

    /// Unchecked: read and written once a record made, on the main actor.
    @exclusivity(unchecked) private static var nextSerial = 0
    /// The serial of the record made last: every record made after reading it has a larger one.
    static var lastSerial: Int { nextSerial }

    init(id: DataID) {
        self.id = id
        Record.nextSerial += 1
        serial = Record.nextSerial
    }

    /// One tracked access of the field `keyPath` observes, for the hot read by position. Not
    /// inlined: `registrar.access` inlined into a lens read retained and released the record
    /// and the key path around it (FieldRead/generatedUntracked/8: 2,778 instructions, 2,522
    /// with this call; holding the key path `Unmanaged` and taking it here saved nothing more).
    /// - Complexity: O(1) plus one registrar access.
    @inline(never)
    func observe(_ keyPath: FieldKeyPath) {
        registrar.access(self, keyPath: keyPath)
    }

    /// The observation token of one field (see the type's comment): returns `key`.
    public nonisolated subscript(field key: FieldKey) -> FieldKey { key }

    /// The observation token of the record's invalidation stamp.
    public nonisolated var invalidationToken: FieldKey { FieldKey(rawValue: -1) }

    /// The key path a read of the record's type is observed under: the `[field:]` token of
    /// `FieldKey.recordType`, a key no field has, so a type read is tracked, recorded and
    /// notified like a field's and depends on nothing else of the record.
    public nonisolated static let typeKeyPath: FieldKeyPath = FieldKey.recordType.keyPath

    /// Whether the record was deleted and not written since (Relay's NONEXISTENT), read
    /// tracked under the type's key path. - Complexity: O(1) plus one registrar access.
    var isNonexistent: Bool {
        registrar.access(self, keyPath: Record.typeKeyPath)
        return type == .nonexistent
    }

    /// The record's `__typename`, if it was written. Untracked. - Complexity: O(1).
    public var typename: String? {
        if case .scalar(.string(let name))? = slots[.typename]?.value { return name }
        return nil
    }

    /// A field as stored, links as ids; `nil` if never received. Untracked.
    /// - Complexity: O(1), O(items) for a list of links.
    public func field(_ key: FieldKey) -> FieldState? {
        slots[key].map { FieldState(value: $0.value.fieldValue, errors: $0.errors) }
    }

    /// The write epoch at which the record was last invalidated, tracked.
    /// - Complexity: O(1) plus one registrar access.
    public var invalidatedAt: Int? {
        registrar.access(self, keyPath: \Record.invalidationToken)
        return invalidationEpoch
    }

    /// All fields, untracked, for snapshots and printing. - Complexity: O(fields).
    public var fields: [FieldKey: FieldState] {
        Dictionary(uniqueKeysWithValues: slots.entries.map { entry in
            (entry.key, FieldState(value: entry.slot.value.fieldValue, errors: entry.slot.errors))
        })
    }
}
