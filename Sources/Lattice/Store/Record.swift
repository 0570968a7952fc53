import Observation

/// One normalized object of the store: its fields by `FieldKey`, each observable on its own.
///
/// A record is the unit of observation: every field read through a lens calls
/// `observe(\Record.[field: key])` (its registrar's `access`) with a key path the artifact
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
    /// The record's registrar, made on its first access (`observe(_:)`). Most records a commit
    /// or a hydration makes are never read before they are collected, and a registrar is an
    /// object to make and to free (RecordPage/collectNone: the 50,003 registrars freed were a
    /// fifth of the sweep's time, and commitIntoEmpty made 899 it never used). Nil: nobody
    /// accessed the record, so nobody observes it and a change of it has no one to tell.
    /// Boxed in a class: an `Optional` of Observation's registrar (a resilient type) is copied
    /// and tested through value witnesses, which doubled a generated read's instructions. The
    /// box is held unmanaged, retained once when made and released by `deinit`: a reference
    /// read out of the property to call the registrar was retained and released around the
    /// call, a generated read's field each (2,522 instructions for eight fields, 2,962 so).
    /// Nonisolated, as `observe(_:)` and `notifyChange(of:)` are, and read and written on the
    /// main actor only (they are called nowhere else): a main-actor closure handed to
    /// `_withUnsafeGuaranteedRef` checked its executor on every read.
    @exclusivity(unchecked) nonisolated(unsafe) private var observation: Unmanaged<RecordObservation>?

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
    nonisolated func observe(_ keyPath: FieldKeyPath) {
        guard let observation else {
            let made = RecordObservation()
            observation = Unmanaged.passRetained(made)
            made.registrar.access(self, keyPath: keyPath)
            return
        }
        observation._withUnsafeGuaranteedRef { $0.registrar.access(self, keyPath: keyPath) }
    }

    /// Tells the bodies that accessed `keyPath` of the record that it changes: Observation's
    /// `willSet` and `didSet` together, as the store notifies after a commit is applied.
    /// Nothing when the record was never accessed. - Complexity: O(observers of `keyPath`).
    nonisolated func notifyChange(of keyPath: FieldKeyPath) {
        guard let observation else { return }
        observation._withUnsafeGuaranteedRef { box in
            box.registrar.willSet(self, keyPath: keyPath)
            box.registrar.didSet(self, keyPath: keyPath)
        }
    }

    deinit {
        observation?.release()
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
        observe(Record.typeKeyPath)
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
        observe(\Record.invalidationToken)
        return invalidationEpoch
    }

    /// All fields, untracked, for snapshots and printing. - Complexity: O(fields).
    public var fields: [FieldKey: FieldState] {
        Dictionary(uniqueKeysWithValues: slots.entries.map { entry in
            (entry.key, FieldState(value: entry.slot.value.fieldValue, errors: entry.slot.errors))
        })
    }
}

/// A record's Observation registrar, made when the record is first accessed
/// (`Record.observation`). - Complexity: one allocation, with the registrar's own.
final class RecordObservation: Sendable {
    let registrar = ObservationRegistrar()
}
