/// Optimistic layers: writes shown at once, over the server's state, until the server answers.
///
/// Relay's model: while a layer is pending, every commit is a rebase: the base is shown again,
/// the commit is written into it, and the layers are applied over it anew; observers then hear
/// of each field whose shown value differs from before, once, and of nothing else (a rebase
/// that leaves a value equal notifies nobody). Confirming a layer is the same rebase with the
/// server's answer written and the layer left out; reverting, with nothing written.
extension Store {
    /// Shows `delta` at once, over everything the store holds, as a new optimistic layer:
    /// pending until `removeOptimistic(_:replacingWith:)` confirms or reverts it; every commit
    /// meanwhile is applied under it. Invalidations in `delta` are ignored (a layer is undone
    /// whole, a stamp cannot be).
    /// - Returns: the layer's name, and what showing it changed.
    /// - Complexity: O(fields of the pending layers and of `delta`), plus one notification per
    ///   field whose shown value changed.
    @discardableResult
    public func applyOptimistic(_ delta: RecordSourceDelta) -> (layer: OptimisticLayerID, changes: CommitChanges) {
        let layer = optimistic.layer(delta)
        return (layer.id, rebase(writing: RecordSourceDelta(), layers: optimistic.layers + [layer]))
    }

    /// Takes the layer `layer` away and writes `answer` (the server's answer that confirms it,
    /// or nothing to revert it) into the base, under the layers still pending, in one commit.
    /// A layer already removed, or never applied, takes nothing away: `answer` is committed.
    /// - Complexity: O(fields of the pending layers and of `answer`), plus one notification per
    ///   field whose shown value changed.
    @discardableResult
    public func removeOptimistic(_ layer: OptimisticLayerID,
                                 replacingWith answer: RecordSourceDelta = RecordSourceDelta()) -> CommitChanges {
        rebase(writing: answer, layers: optimistic.layers.filter { $0.id != layer })
    }

    /// The optimistic layers pending, oldest first. - Complexity: O(layers).
    public var optimisticLayers: [OptimisticLayerID] { optimistic.layers.map(\.id) }

    /// Shows the base again, writes `base` into it, applies `layers` over it, and notifies each
    /// field whose shown value changed, once: the commit of a store with layers pending.
    /// - Complexity: O(fields of the layers before and after, and of `base`).
    func rebase(writing base: RecordSourceDelta, layers: [OptimisticLayers.Layer]) -> CommitChanges {
        epoch += 1
        let lastSerialBefore = Record.lastSerial
        var shown = ShownState()
        showBase(noting: &shown)
        var fieldsWritten = 0
        var created = 0
        let (droppedPages, changedBase) = apply(base, noting: &shown, fieldsWritten: &fieldsWritten, created: &created)
        optimistic.layers = layers
        for layer in layers {
            var written = 0
            apply(layer.delta, noting: &shown, fieldsWritten: &written, created: &created, keepingBase: true)
        }
        var invalidated: [Record] = []
        for id in base.invalidations {
            guard let record = source[id] else { continue }
            record.invalidationEpoch = epoch
            invalidated.append(record)
        }
        var changes = shown.changes(epoch: epoch, recordsWritten: base.order.count, fieldsWritten: fieldsWritten,
                                    created: created, lastSerialBefore: lastSerialBefore,
                                    notingVerdicts: configuration.notesVerdictChanges)
        changes.droppedPages = droppedPages
        changes.stagedPages = base.connectionEdits.count
        changes.baseChanges = changedBase
        notify(shown, madeBefore: lastSerialBefore)
        for record in invalidated {
            record.notifyChange(of: \Record.invalidationToken)
        }
        return changes
    }

    /// Notes in `shown` what every field a layer wrote shows now, then shows the base.
    /// - Complexity: O(fields the layers wrote).
    func showBase(noting shown: inout ShownState) {
        for backup in optimistic.backups {
            shown.note(backup.record)
            for key in backup.slots.keys { shown.note(key, of: backup.record) }
        }
        showBase()
    }

    /// Notifies the observers of each field and type `shown` found changed, on records made
    /// before the change (`lastSerialBefore`): nobody observes a newer one yet.
    /// - Complexity: one willSet/didSet pair per notification.
    func notify(_ shown: ShownState, madeBefore lastSerialBefore: Int) {
        let log = eventLog
        for change in shown.notifications where change.record.serial <= lastSerialBefore {
            log?.notifying(change.key, on: change.record, commit: epoch)
            change.record.notifyChange(of: change.keyPath)
        }
        log?.notificationsEnded(commit: epoch)
    }

    /// Puts the base's value back in every field a layer wrote, and forgets the backups,
    /// silently. - Complexity: O(fields the layers wrote).
    func showBase() {
        // Read once: a static's lazy initialization is checked on every access.
        let edges = FieldKey.edges
        for backup in optimistic.backups {
            for (key, slot) in backup.slots {
                if let slot { backup.record.slots[key] = slot } else { backup.record.slots.remove(key) }
                if key == edges { forgetConnectionNodes(of: backup.record) }
            }
            backup.record.type = backup.type
        }
        optimistic.forgetBackups()
    }

    /// Applies the pending layers over the base again, silently, keeping the base under them.
    /// - Complexity: O(fields of the layers).
    func showLayers() {
        var shown = ShownState()
        var written = 0
        var created = 0
        for layer in optimistic.layers {
            apply(layer.delta, noting: &shown, fieldsWritten: &written, created: &created, keepingBase: true)
        }
    }

    /// Writes `delta`'s fields, connection pages and deletions into the records, silently,
    /// noting what each showed first in `shown`; with `keepingBase`, as a layer, keeping the
    /// base under it.
    /// - Returns: the pages dropped (`Store.apply(_:inBase:willWrite:changed:)`), and, written into
    ///   the base (not `keepingBase`), the ids of the records whose base it changed, once each
    ///   in the order changed (`CommitChanges.changedBaseRecords`).
    @discardableResult
    private func apply(_ delta: RecordSourceDelta, noting shown: inout ShownState, fieldsWritten: inout Int,
                       created: inout Int, keepingBase: Bool = false) -> (droppedPages: Int, changedBase: [DataID]) {
        let edges = FieldKey.edges
        let keepsConnectionNodes = !connectionNodes.isEmpty
        var changedBase: [DataID] = []
        var counted: Set<Int> = []
        func changed(_ record: Record) {
            if !keepingBase, counted.insert(record.serial).inserted { changedBase.append(record.id) }
        }
        for id in delta.order {
            let (record, isNew) = source.recordOrCreate(id)
            if isNew { created += 1 }
            shown.note(record)
            if keepingBase { optimistic.keepBase(of: record, nil) }
            // Written again after a deletion, the record exists again (its type unknown until
            // a `__typename` is written).
            if record.type == .nonexistent { record.type = .unknown }
            for write in delta.writes(of: id) {
                fieldsWritten += 1
                shown.note(write.key, of: record)
                if keepingBase { optimistic.keepBase(of: record, write.key) }
                let value = stored(write.state.value)
                let slot = Slot(value: value, errors: write.state.errors)
                if !keepingBase, record.slots[write.key] != slot { changed(record) }
                record.slots[write.key] = slot
                record.noteType(from: write.key, value)
                if keepsConnectionNodes && write.key == edges { forgetConnectionNodes(of: record) }
            }
        }
        var droppedPages = 0
        if !delta.connectionEdits.isEmpty {
            for edit in delta.connectionEdits {
                let merged = apply(edit, inBase: !keepingBase, willWrite: { record, key in
                    shown.note(record)
                    shown.note(key, of: record)
                    if keepingBase { optimistic.keepBase(of: record, key) }
                }, changed: { record, _, _ in changed(record) })
                if !merged { droppedPages += 1 }
            }
        }
        for id in delta.deletions {
            guard let record = source[id], record.type != .nonexistent else { continue }
            changed(record)
            forgetConnectionNodes(of: record)
            shown.note(record)
            if keepingBase { optimistic.keepBase(of: record, nil) }
            for key in record.slots.fieldKeys {
                shown.note(key, of: record)
                if keepingBase { optimistic.keepBase(of: record, key) }
            }
            record.slots.removeAll()
            record.type = .nonexistent
        }
        return (droppedPages, changedBase)
    }
}
