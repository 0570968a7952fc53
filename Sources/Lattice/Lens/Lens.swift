/// How a body reads data: the fields of one record under one selection, each read a tracked
/// read of that record (so a body depends on exactly the fields it read).
///
/// A cheap value (three references). Reads are by response key and typed by the result:
/// `let title: String = try lens.read("title")`, `let bio: String? = try lens.read("bio")`,
/// `let author: Lens? = try lens.read("author")`, `let rows: [Lens] = try lens.read("nodes")`.
/// Missing data and nulls that cannot be returned throw `ReadError`; asking for a field the
/// selection does not have is a programmer error and stops with a message naming both.
///
/// Where both a non-null and a nullable read fit the context, the nullable read is chosen (the
/// non-null ones are disfavored overloads): `let bio: String? = try lens?.read("bio")`, or a
/// comparison such as `try lens.read("bio") == "x"`, reads null as `nil` instead of throwing.
///
/// Masking: a lens sees only its document's own selection; `fragment(_:)` opens a spread.
/// `@required`: a nested lens is made only if its `@required` fields hold (else the read
/// answers `nil`, or throws for THROW), as Relay nulls the enclosing object.
@MainActor
public struct Lens {
    /// The record read.
    public let record: Record
    /// The selection on it.
    public let selection: ObjectSelection
    /// The document and variables.
    public let bound: BoundArtifact

    /// The root lens of `bound`'s document on `record`. Its `@required` fields are not
    /// checked here: the verdict (`Verdict.evaluate`) says whether the root bubbled.
    public init(_ bound: BoundArtifact, record: Record) {
        self.init(record: record, selection: bound.artifact.selectionSet, bound: bound)
    }

    init(record: Record, selection: ObjectSelection, bound: BoundArtifact) {
        self.record = record
        self.selection = selection
        self.bound = bound
    }

    /// The record's id.
    public var id: DataID { record.id }

    /// The record's `__typename`, untracked.
    public var typename: String? { record.typename }

    // MARK: Field access

    /// The field node for `key`, and whether its type condition holds for this record; a
    /// checked condition is a tracked read of the record's type.
    /// - Complexity: O(selected fields) string compares for small selections, else O(1);
    ///   one registrar access more for a field under a type condition.
    @inline(__always)
    func node(_ key: String) -> (field: FieldNode, matched: Bool) {
        guard let found = selection.lensField(key, type: record.type) else {
            preconditionFailure("Lens.read(\"\(key)\"): `\(key)` is not in the selection of \(bound.artifact.name) "
                + "on \(selection.typeName) (it selects: \(selection.lensKeys.joined(separator: ", ")))")
        }
        if found.readsType { record.observe(Record.typeKeyPath) }
        return (found.field, found.matched)
    }

    /// The stored slot of `field`, read tracked. - Complexity: O(1) plus one registrar access.
    @inline(__always)
    func slot(_ field: FieldNode) -> Slot? {
        record.observe(bound.keyPath(of: field))
        // A client-only field no local update wrote reads as null, never as missing.
        return record.slots[bound.fieldKey(of: field)] ?? (field.isClientOnly ? Slot(value: .null) : nil)
    }

    /// Resolves a null read: `nil` when the read may be null, else the error that explains it.
    func null<T>(_ field: FieldNode, _ slot: Slot, optional: Bool) throws(ReadError) -> T? {
        if let errors = slot.errors {
            if field.catchTarget == .null || (optional && !field.errorsThrow) { return nil }
            throw .fieldErrors(record: id, field: field.responseKey, errors)
        }
        if optional { return nil }
        if field.required == .throw { throw .requiredFieldMissing(record: id, field: field.responseKey) }
        throw .unexpectedNull(record: id, field: field.responseKey)
    }

    func unmet(_ field: FieldNode) -> ReadError {
        .conditionNotMet(record: id, field: field.responseKey, typeCondition: selection.typeName)
    }

    // MARK: Scalars

    /// The JSON of a scalar field, `nil` for a null the read may return: the field found by
    /// key, then read as a read by position reads it (`scalarJSON(_:optional:)` on the found
    /// field, inlined here). Not generic, so the generic reads below stay small enough to
    /// specialize in the caller's module.
    @usableFromInline
    func scalarJSON(_ key: String, optional: Bool) throws(ReadError) -> JSONValue? {
        try scalarJSON(node(key), optional: optional)
    }

    // Inlinable so the generic decode specializes in the reader's module: unspecialized,
    // the metadata lookups for `T?` were ~10% of an untracked read (FieldRead bench).

    /// A non-null scalar or enum field: a null throws. Where a nullable read also fits, that
    /// one is chosen. - Complexity: O(1) plus one tracked access.
    @inlinable @_disfavoredOverload
    public func read<T: ScalarDecodable>(_ key: String) throws(ReadError) -> T {
        guard let json = try scalarJSON(key, optional: false) else {
            throw .unexpectedNull(record: record.id, field: key)
        }
        guard let value = T(json: json) else {
            throw .typeMismatch(record: record.id, field: key, expected: String(describing: T.self))
        }
        return value
    }

    /// A nullable scalar or enum field: `nil` for null (unless `@throwOnFieldError` makes its
    /// error throw). - Complexity: O(1) plus one tracked access.
    @inlinable
    public func read<T: ScalarDecodable>(_ key: String) throws(ReadError) -> T? {
        guard let json = try scalarJSON(key, optional: true) else { return nil }
        guard let value = T(json: json) else {
            throw .typeMismatch(record: record.id, field: key, expected: String(describing: T.self))
        }
        return value
    }
}

extension Lens: Equatable {
    /// Whether two lenses read the same thing: the same record (identity), under the same
    /// selection and the same bound document. The values are not compared: a lens reads
    /// them when asked, so two equal lenses always read the same values.
    /// - Complexity: O(1).
    public nonisolated static func == (lhs: Lens, rhs: Lens) -> Bool {
        lhs.record === rhs.record && lhs.selection === rhs.selection && lhs.bound === rhs.bound
    }
}
