extension Store {
    /// Empties the store, for a sign-out: every record loses its fields (the root's too), the
    /// pending optimistic layers go, and each field that showed a value is notified once, as
    /// a commit notifies, so every body reading it reads missing data. The records stay as
    /// objects while something holds them (a lens reads them as missing, as after a
    /// collection); the retentions stay, so what attached handles fetch next is kept.
    /// - Returns: what emptying changed, as a commit's changes.
    /// - Complexity: O(records + fields), one notification per field.
    @discardableResult
    public func removeAll() -> CommitChanges {
        epoch += 1
        let lastSerialBefore = Record.lastSerial
        var shown = ShownState()
        showBase(noting: &shown)
        optimistic.layers = []
        connectionPages = [:]
        for record in source.records.values {
            shown.note(record)
            for key in record.slots.fieldKeys { shown.note(key, of: record) }
        }
        for record in source.records.values {
            forgetConnectionNodes(of: record)
            record.slots.removeAll()
            record.invalidationEpoch = nil
        }
        var changes = shown.changes(epoch: epoch, recordsWritten: 0, fieldsWritten: 0, created: 0,
                                    lastSerialBefore: lastSerialBefore, notingVerdicts: configuration.notesVerdictChanges)
        changes.droppedLinks = true
        // No base record to write behind: the environment empties its image whole.
        changes.baseChanges = []
        notify(shown, madeBefore: lastSerialBefore)
        return changes
    }
}
