/// The one read path: every read of a field, by key (`read(_:)`, `caught(_:)`) or by position
/// (the subscripts generated accessors call), finds its field (`node(_:)` by key,
/// `node(at:)` by the position `ObjectSelection.lensFieldIndex(of:)` gave) and then reads the
/// found field here, by the same rules.
///
/// The bodies the keyed reads reach are `@inline(__always)`, so a keyed read compiles to the
/// key lookup and the read in one function, as before they were shared: handing the found
/// field on to a call of its own cost 9 to 11 % more instructions a keyed read (FieldRead
/// lensUntracked, RecordPage/readUntracked, the baseline check of 2026-12-03: the field node
/// passed along was retained and released).
extension Lens {
    /// A field found, and whether its type condition holds for this record.
    @usableFromInline typealias FoundField = (field: FieldNode, matched: Bool)

    /// The field at `index` of the selection's lens fields; a checked condition is a tracked
    /// read of the record's type. - Complexity: O(1), no key compared.
    @usableFromInline @inline(__always)
    func node(at index: Int) -> FoundField {
        let entry = selection.lensEntries[index]
        guard let condition = entry.condition else { return (entry.field, true) }
        record.observe(Record.typeKeyPath)
        return (entry.field, condition.matches(record.type))
    }

    /// The found field's stored slot, read tracked: the start of every read of a field. Nil
    /// when its type condition does not hold for this record and the read is `optional`.
    /// - Throws: `.conditionNotMet` when the condition does not hold and the read is not
    ///   optional; `.missing` when the store never received the field.
    /// - Complexity: O(1) plus one registrar access.
    @inline(__always)
    func matchedSlot(_ found: FoundField, optional: Bool) throws(ReadError) -> (field: FieldNode, slot: Slot)? {
        guard found.matched else {
            if optional { return nil }
            throw unmet(found.field)
        }
        guard let slot = slot(found.field) else { throw .missing(record: id, field: found.field.responseKey) }
        return (found.field, slot)
    }

    /// The JSON of a found scalar field, `nil` for a null the read may return.
    @usableFromInline @inline(__always)
    func scalarJSON(_ found: FoundField, optional: Bool) throws(ReadError) -> JSONValue? {
        guard let (field, slot) = try matchedSlot(found, optional: optional) else { return nil }
        switch slot.value {
        case .scalar(let json):
            return json
        case .null:
            return try null(field, slot, optional: optional)
        case .link, .links:
            throw .typeMismatch(record: id, field: field.responseKey, expected: "a scalar")
        }
    }

    /// The JSON of the scalar field at `index`: straight from the record's slot when the
    /// field has a direct key and holds a scalar (one tracked access, nothing of the node
    /// touched), else by the full rules (`scalarJSON(_:optional:)`).
    @usableFromInline
    func scalarJSON(at index: Int, optional: Bool) throws(ReadError) -> JSONValue? {
        if let direct = selection.directKeys[index] {
            record.observe(direct.keyPath)
            if let json = record.slots.scalar(direct.key) { return json }
        }
        return try scalarJSON(node(at: index), optional: optional)
    }

    @usableFromInline
    func mismatch(_ field: FieldNode, _ type: Any.Type) -> ReadError {
        .typeMismatch(record: record.id, field: field.responseKey, expected: String(describing: type))
    }

    @inlinable @inline(__always)
    func value<T: ScalarDecodable>(at index: Int) throws(ReadError) -> T {
        guard let json = try scalarJSON(at: index, optional: false) else {
            throw .unexpectedNull(record: record.id, field: node(at: index).field.responseKey)
        }
        guard let value = T(json: json) else { throw mismatch(node(at: index).field, T.self) }
        return value
    }

    @inlinable @inline(__always)
    func optionalValue<T: ScalarDecodable>(at index: Int) throws(ReadError) -> T? {
        guard let json = try scalarJSON(at: index, optional: true) else { return nil }
        guard let value = T(json: json) else { throw mismatch(node(at: index).field, T.self) }
        return value
    }

    @inlinable @inline(__always)
    func optionalValue<T: ScalarDecodable>(_ found: FoundField) throws(ReadError) -> T? {
        guard let json = try scalarJSON(found, optional: true) else { return nil }
        guard let value = T(json: json) else { throw mismatch(found.field, T.self) }
        return value
    }

    /// The lens of a found object field, `nil` for a null the read may return or when a
    /// `@required` field inside nulls it.
    @usableFromInline @inline(__always)
    func linked(_ found: FoundField, optional: Bool) throws(ReadError) -> Lens? {
        guard let (field, slot) = try matchedSlot(found, optional: optional) else { return nil }
        switch slot.value {
        case .link(let target):
            guard case .linked(let set) = field.kind else { break }
            // A deleted record reads as null, by the null rules.
            if target.isNonexistent { return try null(field, slot, optional: optional) }
            if field.catchTarget == .null, !(try caughtErrors(target, set).isEmpty) { return nil }
            if let lens = try child(target, set, bound: bound) { return lens }
            if optional { return nil }
            throw .unexpectedNull(record: id, field: field.responseKey)
        case .null:
            return try null(field, slot, optional: optional)
        case .scalar, .links:
            break
        }
        throw .typeMismatch(record: id, field: field.responseKey, expected: "an object")
    }

    /// The length of a found list of objects and the lenses of its items from `start` on;
    /// `nil` for a null the read may return (a null list when `optionalList`, or one
    /// `@catch(to: NULL)` caught).
    @usableFromInline
    func list(_ found: FoundField, optionalItems: Bool, optionalList: Bool,
              from start: Int = 0) throws(ReadError) -> (count: Int, items: [Lens?])? {
        guard let (field, slot) = try matchedSlot(found, optional: optionalList) else { return nil }
        switch slot.value {
        case .links(let targets):
            guard case .linkedList(let set, _) = field.kind else { break }
            var lenses: [Lens?] = []
            let first = min(max(start, 0), targets.count)
            lenses.reserveCapacity(targets.count - first)
            // Loops, not `flatMap`/`compactMap`, here and in the reads of lists: a main-actor
            // closure handed to them checks its executor on every item.
            for target in targets[first...] {
                var lens: Lens?
                if let target, !target.isNonexistent { lens = try child(target, set, bound: bound) }
                if lens == nil && !optionalItems { throw .unexpectedNull(record: id, field: field.responseKey) }
                lenses.append(lens)
            }
            return (targets.count, lenses)
        case .null:
            let _: Lens? = try null(field, slot, optional: optionalList)
            return nil
        case .scalar, .link:
            break
        }
        throw .typeMismatch(record: id, field: field.responseKey, expected: "a list of objects")
    }

    @usableFromInline
    func slotErrors(_ field: FieldNode) -> [GraphQLError]? { slot(field)?.errors }

    @inlinable
    func caughtValue<T: ScalarDecodable>(_ found: FoundField) throws(ReadError) -> CatchResult<T?> {
        if let errors = slotErrors(found.field) { return .failure(errors) }
        return .ok(try optionalValue(found) as T?)
    }

    @usableFromInline
    func caughtLinked(_ found: FoundField) throws(ReadError) -> CatchResult<Lens?> {
        let field = found.field
        guard let slot = slot(field) else { throw .missing(record: id, field: field.responseKey) }
        if let errors = slot.errors { return .failure(errors) }
        if case .link(let target) = slot.value, case .linked(let set) = field.kind {
            let errors = try caughtErrors(target, set)
            if !errors.isEmpty { return .failure(errors) }
        }
        return .ok(try linked(found, optional: true))
    }

    /// The lens of `spread` on this record, `nil` when its condition does not hold (a tracked
    /// read of the type) or its root bubbled.
    @usableFromInline
    func opened(_ spread: SpreadNode) throws(ReadError) -> Lens? {
        if let condition = spread.condition {
            record.observe(Record.typeKeyPath)
            guard condition.matches(record.type) else { return nil }
        }
        return try child(record, spread.fragment.selectionSet, bound: bound.fragment(spread))
    }
}
