/// The optimistic layers a store shows over its base, the state the server's answers made:
/// each layer a delta applied on top, in the order they were applied, and for every field a
/// layer wrote the base's value under it (`Backup`), so that the base can be shown again,
/// written, and the layers applied over it anew (a rebase, `Store.rebase`).
///
/// The records hold what is shown (base and layers), so a read costs the same with layers as
/// without; only a commit while a layer is pending pays, in proportion to the layers' fields.
@MainActor
struct OptimisticLayers {
    /// One layer: its name and what it writes.
    struct Layer {
        let id: OptimisticLayerID
        let delta: RecordSourceDelta
    }

    /// What a record holds under the layers: the base's value of each field a layer wrote
    /// (nil: the base has none) and the base's type.
    struct Backup {
        let record: Record
        var type: RecordType
        var slots: [FieldKey: Slot?] = [:]
    }

    /// The pending layers, oldest first.
    var layers: [Layer] = []
    /// The backups, in the order their records were first written by a layer.
    private(set) var backups: [Backup] = []
    /// Where each record's backup is in `backups`, by the record's serial.
    private var positions: [Int: Int] = [:]
    private var lastID = 0

    /// Whether no layer is pending.
    var isEmpty: Bool { layers.isEmpty }

    /// A new layer of `delta`, named.
    mutating func layer(_ delta: RecordSourceDelta) -> Layer {
        lastID += 1
        return Layer(id: OptimisticLayerID(rawValue: lastID), delta: delta)
    }

    /// Keeps what `record` holds at `key` now as the base under the layers, unless a layer
    /// already wrote it (the value now is then a layer's). `key` nil: the record's type only.
    mutating func keepBase(of record: Record, _ key: FieldKey?) {
        let position: Int
        if let known = positions[record.serial] {
            position = known
        } else {
            position = backups.count
            positions[record.serial] = position
            backups.append(Backup(record: record, type: record.type))
        }
        guard let key, backups[position].slots[key] == nil else { return }
        backups[position].slots[key] = .some(record.slots[key])
    }

    /// What `record` holds under the layers, if a layer wrote it; nil when none did (what it
    /// shows is then its base). - Complexity: O(1).
    func backup(of record: Record) -> Backup? {
        guard !backups.isEmpty, let position = positions[record.serial] else { return nil }
        return backups[position]
    }

    /// Forgets every backup: the base is shown again (or about to be).
    mutating func forgetBackups() {
        backups.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }
}
