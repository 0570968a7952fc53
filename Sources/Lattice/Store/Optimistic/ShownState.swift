/// What a rebase found shown before it wrote anything: the first value of each field and the
/// type of each record it touched, so that after it can tell which of them changed, and
/// notify those alone.
@MainActor
struct ShownState {
    private var fields: [(record: Record, key: FieldKey, slot: Slot?)] = []
    private var seenFields: Set<FieldRef> = []
    private var records: [(record: Record, type: RecordType)] = []
    private var seenRecords: Set<Int> = []
    /// The notifications `changes` found due, one per changed field or type.
    private(set) var notifications: [(record: Record, key: FieldKey, keyPath: FieldKeyPath)] = []

    /// Notes `record`'s type as shown now, unless it was noted before. - Complexity: O(1).
    mutating func note(_ record: Record) {
        if seenRecords.insert(record.serial).inserted { records.append((record, record.type)) }
    }

    /// Notes what `record` shows at `key` now, unless it was noted before. - Complexity: O(1).
    mutating func note(_ key: FieldKey, of record: Record) {
        if seenFields.insert(FieldRef(record: record.serial, key: key)).inserted {
            fields.append((record, key, record.slots[key]))
        }
    }

    /// What changed between the noted values and what the records show now, in the order
    /// noted: each changed field, then each changed type of a record made before the rebase
    /// (`lastSerialBefore`), as `Store.publish` reports a commit; and the notifications due.
    /// - Complexity: O(fields and records noted).
    mutating func changes(epoch: Int, recordsWritten: Int, fieldsWritten: Int, created: Int,
                          lastSerialBefore: Int, notingVerdicts: Bool) -> CommitChanges {
        var changedFields: [FieldRef] = []
        var changedRecords: [DataID] = []
        var counted: Set<Int> = []
        var verdictChanges: [VerdictChange] = []
        var droppedLinks = false
        func changed(_ record: Record, _ key: FieldKey, _ kind: VerdictChange.Kind?) {
            let field = FieldRef(record: record.serial, key: key)
            changedFields.append(field)
            notifications.append((record, key, key == .recordType ? Record.typeKeyPath : key.keyPath))
            if notingVerdicts, let kind { verdictChanges.append(VerdictChange(field: field, kind: kind)) }
            if counted.insert(record.serial).inserted { changedRecords.append(record.id) }
        }
        for (record, key, before) in fields {
            let after = record.slots[key]
            guard after != before else { continue }
            if before?.value.isLink == true { droppedLinks = true }
            changed(record, key, after.map { Store.verdictChange(from: before, to: $0) } ?? .nullness)
        }
        for (record, type) in records where record.type != type && record.serial <= lastSerialBefore {
            if record.type == .nonexistent { droppedLinks = true }
            changed(record, .recordType, record.type == .nonexistent ? .recordDeleted : .typeChanged)
        }
        return CommitChanges(epoch: epoch, recordsWritten: recordsWritten, fieldsWritten: fieldsWritten,
                             changedFields: changedFields, changedRecords: changedRecords, createdRecords: created,
                             verdictChanges: verdictChanges, droppedLinks: droppedLinks)
    }
}
