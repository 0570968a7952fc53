/// Applying a staged delta: all writes first, silently; then one notification per changed
/// field, so no observer sees half a commit.
extension Store {
    /// Applies `delta` atomically and notifies observers of each changed field once, and of
    /// the record's type (`Record.typeKeyPath`) when a write of `__typename` or a deletion
    /// changes it. Equal writes change nothing and notify nobody.
    /// - Complexity: O(fields written + deleted fields) plus one willSet/didSet pair per
    ///   changed field of a record that existed before; verdict classification only when the
    ///   configuration notes it.
    ///
    /// With optimistic layers pending, the commit is a rebase (`Store+Optimistic`): written
    /// under the layers, notifying what changed of what they show.
    @discardableResult
    public func publish(_ delta: RecordSourceDelta) -> CommitChanges {
        guard optimistic.isEmpty else { return rebase(writing: delta, layers: optimistic.layers) }
        epoch += 1
        let notes = configuration.notesVerdictChanges
        var changed: [(record: Record, key: FieldKey, keyPath: FieldKeyPath)] = []
        var changedRecords: [DataID] = []
        var verdictChanges: [VerdictChange] = []
        var fieldsWritten = 0
        var created = 0
        var droppedLinks = false
        // Records made by this commit (serials past this one) have had no reader yet, so
        // their first writes notify nobody: their registrars are not called.
        let lastSerialBefore = Record.lastSerial
        // Read once: a static's lazy initialization is checked on every access.
        let edges = FieldKey.edges
        let keepsConnectionNodes = !connectionNodes.isEmpty
        // The records of the delta's positions met so far (its own, or linked), from the first
        // link the commit writes (empty until then: a payload committed again writes none): a
        // record linked many times is looked up by id once.
        var resolved: [Record?] = []
        for (position, id) in delta.order.enumerated() {
            let record: Record
            var isNew = false
            if !resolved.isEmpty, let known = resolved[position] {
                record = known
            } else {
                (record, isNew) = source.recordOrCreate(id)
                if !resolved.isEmpty { resolved[position] = record }
            }
            let writes = delta.staged[position].writes
            if isNew { created += 1 }
            if record.slots.isEmpty { record.slots.reserveCapacity(writes.count) }
            let before = changed.count
            let typeBefore = record.type
            // Written again after a deletion, the record exists again (its type unknown
            // until a `__typename` is written).
            if typeBefore == .nonexistent { record.type = .unknown }
            for write in writes {
                fieldsWritten += 1
                // Compared in place, before anything is made of the write: a payload committed
                // again copies no value and looks up no linked record.
                if record.slots.holds(write.key, write.state) { continue }
                let new = Slot(value: stored(write, in: delta, resolved: &resolved), errors: write.state.errors)
                let old = record.slots[write.key]
                if !droppedLinks, old?.value.isLink == true { droppedLinks = true }
                record.slots[write.key] = new
                record.noteType(from: write.key, new.value)
                if keepsConnectionNodes && write.key == edges { forgetConnectionNodes(of: record) }
                changed.append((record, write.key, write.keyPath))
                if notes, let kind = Store.verdictChange(from: old, to: new) {
                    verdictChanges.append(VerdictChange(
                        field: FieldRef(record: record.serial, key: write.key), kind: kind))
                }
            }
            // A type read is observed as the field `recordType`; a new record's had no reader.
            if record.type != typeBefore && !isNew {
                changed.append((record, .recordType, Record.typeKeyPath))
                if notes {
                    verdictChanges.append(VerdictChange(
                        field: FieldRef(record: record.serial, key: .recordType), kind: .typeChanged))
                }
            }
            if changed.count > before { changedRecords.append(id) }
        }
        var droppedPages = 0
        // Tested first: iterating even an empty list costs every commit (Optimistic, callgrind).
        if !delta.connectionEdits.isEmpty {
            for edit in delta.connectionEdits {
                if edit.dropsLinks { droppedLinks = true }
                let merged = apply(edit, willWrite: { _, _ in }, changed: { record, key, kind in
                    changed.append((record, key, key.keyPath))
                    if changedRecords.last != record.id { changedRecords.append(record.id) }
                    if notes, let kind {
                        verdictChanges.append(VerdictChange(field: FieldRef(record: record.serial, key: key), kind: kind))
                    }
                })
                if !merged { droppedPages += 1 }
            }
        }
        for id in delta.deletions {
            guard let record = source[id], record.type != .nonexistent else { continue }
            droppedLinks = true
            forgetConnectionNodes(of: record)
            for key in record.slots.fieldKeys.sorted() {
                changed.append((record, key, key.keyPath))
                if notes {
                    verdictChanges.append(VerdictChange(
                        field: FieldRef(record: record.serial, key: key), kind: .recordDeleted))
                }
            }
            record.slots.removeAll()
            // A deleted record reads as null (`RecordType.nonexistent`), not as missing data.
            record.type = .nonexistent
            changed.append((record, .recordType, Record.typeKeyPath))
            if notes {
                verdictChanges.append(VerdictChange(
                    field: FieldRef(record: record.serial, key: .recordType), kind: .recordDeleted))
            }
            changedRecords.append(id)
        }
        var invalidated: [Record] = []
        for id in delta.invalidations {
            guard let record = source[id] else { continue }
            record.invalidationEpoch = epoch
            invalidated.append(record)
        }
        // Loops, not `map`, here and below: a main-actor closure handed to `map` checks its
        // executor on every element.
        var changedFields: [FieldRef] = []
        changedFields.reserveCapacity(changed.count)
        // Read once: the log, when there is one, hears which field each body was reached by.
        let log = eventLog
        for change in changed {
            changedFields.append(FieldRef(record: change.record.serial, key: change.key))
            guard change.record.serial <= lastSerialBefore else { continue }
            log?.notifying(change.key, on: change.record, commit: epoch)
            change.record.notifyChange(of: change.keyPath)
        }
        // Before the invalidations: a body they reach was reached by the commit, not by the
        // last field notified.
        log?.notificationsEnded(commit: epoch)
        for record in invalidated {
            record.notifyChange(of: \Record.invalidationToken)
        }
        return CommitChanges(
            epoch: epoch, recordsWritten: delta.order.count, fieldsWritten: fieldsWritten,
            changedFields: changedFields,
            changedRecords: changedRecords, createdRecords: created,
            verdictChanges: verdictChanges, droppedPages: droppedPages, droppedLinks: droppedLinks,
            stagedPages: delta.connectionEdits.count)
    }

    /// The live form of a staged value: links resolved to records (made if absent).
    func stored(_ value: FieldValue) -> StoredValue {
        switch value {
        case .null: .null
        case .scalar(let json): .scalar(json)
        case .link(let id): .link(source.recordOrCreate(id).record)
        case .links(let ids): .links(records(ids))
        }
    }

    /// The live form of a staged write's value, its links resolved through the delta's
    /// positions where the writer knew them (`FieldWrite.targets`), each position looked up
    /// once into `resolved`, else by id.
    private func stored(_ write: RecordSourceDelta.FieldWrite, in delta: RecordSourceDelta,
                        resolved: inout [Record?]) -> StoredValue {
        guard write.targets >= 0 else { return stored(write.state.value) }
        switch write.state.value {
        case .null, .scalar: return stored(write.state.value)
        case .link(let id): return .link(record(at: write.targets, id, in: &resolved, of: delta))
        case .links(let ids):
            var records: [Record?] = []
            records.reserveCapacity(ids.count)
            for (offset, id) in ids.enumerated() {
                guard let id else {
                    records.append(nil)
                    continue
                }
                let target = delta.linkTargets[write.targets + offset]
                records.append(target >= 0 ? record(at: target, id, in: &resolved, of: delta)
                                           : source.recordOrCreate(id).record)
            }
            return .links(records)
        }
    }

    /// The record `id` staged at `position` in `delta`: from `resolved` (made at the first
    /// link), else looked up (made if absent) and kept there.
    private func record(at position: Int, _ id: DataID, in resolved: inout [Record?], of delta: RecordSourceDelta) -> Record {
        if resolved.isEmpty { resolved = Array(repeating: nil, count: delta.order.count) }
        if let record = resolved[position] { return record }
        let record = source.recordOrCreate(id).record
        resolved[position] = record
        return record
    }

    /// The records of a list of links (made if absent).
    private func records(_ ids: [DataID?]) -> [Record?] {
        var records: [Record?] = []
        records.reserveCapacity(ids.count)
        for id in ids {
            if let id { records.append(source.recordOrCreate(id).record) } else { records.append(nil) }
        }
        return records
    }

    /// Whether a change from `old` to `new` can change a verdict, and how (what
    /// `Store.Configuration.notesVerdictChanges` notes).
    static func verdictChange(from old: Slot?, to new: Slot) -> VerdictChange.Kind? {
        guard let old else { return .nullness }
        if old.errors != new.errors { return .errorsChanged }
        switch (old.value, new.value) {
        case (.null, .null): return nil
        case (.null, _), (_, .null): return .nullness
        case let (.link(before), .link(after)): return before === after ? nil : .linkMoved
        case (.scalar, .scalar): return nil
        case (.links, .links): return .linksChanged
        case (.scalar, _), (.link, _), (.links, _): return .linkMoved
        }
    }
}

extension Record {
    /// Keeps the cached type in step with a write of `__typename`.
    func noteType(from key: FieldKey, _ value: StoredValue) {
        if key == .typename, case .scalar(.string(let name)) = value {
            type = .known(TypeKey(name))
        }
    }
}
