/// A typed view of one selection: what `lattice generate` writes for every operation,
/// fragment, object field and inline fragment, one accessor a field
/// (docs/generated-code.md). It reads through its `lens`, so a body depends on exactly the
/// fields it read, as with string-keyed reads, without the key lookup.
///
/// A value as cheap as its lens (three references).
@MainActor
public protocol TypedLens {
    /// The lens the accessors read through.
    var lens: Lens { get }
    /// The view on `lens`, which must be a lens on the selection this type was generated
    /// for (generated code makes it; an app receives typed lenses, it does not build them).
    init(lens: Lens)
}

/// A generated fragment's typed lens. Its parent sees only a `FragmentReference` to it
/// (masking): `IssueRow_issue(row.issueRow)` opens it, and only it reads its fields.
@MainActor
public protocol TypedFragment: TypedLens {
    /// The fragment's name in the documents.
    static var fragmentName: String { get }
}

/// A generated fragment spread, handed from the parent that spreads it to the view that
/// reads it: it holds the fragment's lens, but only the fragment's own type opens it.
@MainActor
public struct FragmentReference<Fragment: TypedFragment>: Equatable {
    @usableFromInline let lens: Lens

    @usableFromInline init(lens: Lens) {
        self.lens = lens
    }

    /// Whether the two references open the same fragment on the same record (`Lens.==`).
    public nonisolated static func == (lhs: Self, rhs: Self) -> Bool { lhs.lens == rhs.lens }
}

extension TypedFragment {
    /// The fragment's typed lens on the record its parent spread it on.
    /// - Complexity: O(1).
    public init(_ reference: FragmentReference<Self>) {
        self.init(lens: reference.lens)
    }
}

/// Typed reads by position that throw, the calls generated accessors make where the document
/// asks to throw (`try lens[throwing: 3]`: `@throwOnFieldError`, `@required(action: THROW)`;
/// the others read `lens[3]`, `Lens+Accessors.swift`, decision record 0010): `index` is the
/// field's `ObjectSelection.lensFieldIndex(of:)`, fixed when the code was generated from the
/// same documents the program compiled, and the accessor's declared type picks the read.
/// Each is a read as `read(_:)` by key is (tracked, the same errors), without comparing a key.
/// Subscripts, not named calls, because an accessor is one line of generated source.
extension Lens {
    /// A non-null scalar or enum field. Where a nullable read also fits, that one is chosen.
    /// - Complexity: O(1) plus one tracked access.
    @inlinable @_disfavoredOverload
    public subscript<T: ScalarDecodable>(throwing index: Int) -> T {
        get throws(ReadError) { try value(at: index) }
    }

    /// A nullable scalar or enum field, or one under a type condition or `@catch(to: NULL)`.
    /// - Complexity: O(1) plus one tracked access.
    @inlinable
    public subscript<T: ScalarDecodable>(throwing index: Int) -> T? {
        get throws(ReadError) { try optionalValue(at: index) }
    }

    /// A non-null object field. - Complexity: that of `read(_:) -> Lens`.
    @inlinable
    public subscript<T: TypedLens>(throwing index: Int) -> T {
        get throws(ReadError) {
            let node = node(at: index)
            guard let lens = try linked(node, optional: false) else {
                throw .unexpectedNull(record: id, field: node.field.responseKey)
            }
            return T(lens: lens)
        }
    }

    /// A nullable object field, or one a `@required` inside can null.
    @inlinable
    public subscript<T: TypedLens>(throwing index: Int) -> T? {
        get throws(ReadError) {
            guard let lens = try linked(node(at: index), optional: true) else { return nil }
            return T(lens: lens)
        }
    }

    /// A non-null list of non-null objects. - Complexity: O(items) plus one tracked access.
    @inlinable
    public subscript<T: TypedLens>(throwing index: Int) -> [T] {
        get throws(ReadError) { try typed(list(node(at: index), optionalItems: false, optionalList: false)?.items ?? []) }
    }

    /// A nullable list of non-null objects.
    @inlinable
    public subscript<T: TypedLens>(throwing index: Int) -> [T]? {
        get throws(ReadError) {
            guard let items = try list(node(at: index), optionalItems: false, optionalList: true)?.items else { return nil }
            return typed(items)
        }
    }

    /// A non-null list whose objects may be null (in the store, or nulled by `@required`).
    @inlinable
    public subscript<T: TypedLens>(throwing index: Int) -> [T?] {
        get throws(ReadError) { typedWithNulls(try list(node(at: index), optionalItems: true, optionalList: false)?.items ?? []) }
    }

    /// A nullable list whose objects may be null.
    @inlinable
    public subscript<T: TypedLens>(throwing index: Int) -> [T?]? {
        get throws(ReadError) {
            guard let items = try list(node(at: index), optionalItems: true, optionalList: true)?.items else { return nil }
            return typedWithNulls(items)
        }
    }

    /// A scalar field under `@catch(to: RESULT)`: its value, or the errors caught. It never
    /// throws: a value the store lacks is caught too, as one error that says so.
    @inlinable
    public subscript<T: ScalarDecodable>(index: Int) -> CatchResult<T?> {
        do { return try caughtValue(node(at: index)) } catch { return .failure([caughtError(error)]) }
    }

    /// An object field under `@catch(to: RESULT)`: its typed lens, or the errors at or under it.
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> CatchResult<T?> {
        do {
            switch try caughtLinked(node(at: index)) {
            case .ok(let lens?): return .ok(T(lens: lens))
            case .ok(nil): return .ok(nil)
            case .failure(let errors): return .failure(errors)
            }
        } catch {
            return .failure([caughtError(error)])
        }
    }

    /// The inline fragment at `index` of the selection's `selections`, on this record: `nil`
    /// when its type condition does not hold (a tracked read of the record's type), or a
    /// `@required` inside nulls it. - Complexity: O(1) plus one tracked access.
    @inlinable
    public subscript<T: TypedLens>(throwingInline index: Int) -> T? {
        get throws(ReadError) {
            guard let lens = try inline(at: index) else { return nil }
            return T(lens: lens)
        }
    }

    /// The reference to the fragment spread at `index` (`ObjectSelection.spreadIndex(of:)`):
    /// `nil` when its type condition does not hold or its root bubbled. It never throws: a
    /// `@required(action: THROW)` miss inside is the fragment's, whose accessor throws it.
    @inlinable
    public subscript<F: TypedFragment>(spread index: Int) -> FragmentReference<F>? {
        guard let lens = reference(spread(at: index)) else { return nil }
        return FragmentReference(lens: lens)
    }

    /// The reference to a spread that always applies and cannot bubble.
    @inlinable
    public subscript<F: TypedFragment>(spread index: Int) -> FragmentReference<F> {
        let spread = spread(at: index)
        return FragmentReference(lens: reference(spread) ?? fragmentLens(spread))
    }

    @usableFromInline
    func spread(at index: Int) -> SpreadNode { selection.spreads[index] }

    /// The lens of an inline fragment that always applies: the enclosing record read with its
    /// selections (`inline(at:)` without the condition, which it has none of, and without
    /// a bubble, which nothing in it can raise).
    @usableFromInline
    func alwaysInline(at index: Int) -> Lens {
        guard case .inlineFragment(let inline) = selection.selections[index] else {
            preconditionFailure("Lens.inlineFragment(at: \(index)): \(bound.artifact.name) has no inline fragment there "
                + "on \(selection.typeName): the generated code is not of this document")
        }
        return Lens(record: record, selection: inline.selectionSet, bound: bound)
    }

    @usableFromInline
    func inline(at index: Int) throws(ReadError) -> Lens? {
        guard case .inlineFragment(let inline) = selection.selections[index] else {
            preconditionFailure("Lens.inlineFragment(at: \(index)): \(bound.artifact.name) has no inline fragment there "
                + "on \(selection.typeName): the generated code is not of this document")
        }
        if let condition = inline.condition {
            record.observe(Record.typeKeyPath)
            guard condition.matches(record.type) else { return nil }
        }
        return try child(record, inline.selectionSet, bound: bound)
    }

    // Loops, not `map`: a main-actor closure handed to `map` checks its executor per item.
    @inlinable
    func typed<T: TypedLens>(_ items: [Lens?]) -> [T] {
        var result: [T] = []
        result.reserveCapacity(items.count)
        for case let lens? in items { result.append(T(lens: lens)) }
        return result
    }

    @inlinable
    func typedWithNulls<T: TypedLens>(_ items: [Lens?]) -> [T?] {
        var result: [T?] = []
        result.reserveCapacity(items.count)
        for item in items {
            if let lens = item { result.append(T(lens: lens)) } else { result.append(nil) }
        }
        return result
    }
}

/// A generated `@refetchable` fragment: the generator conforms only those, so paging a
/// fragment without a derived query (`Environment.paginate(_:connection:)` of a typed
/// fragment) is a compile error, not a run-time `Unpageable`.
@MainActor
public protocol TypedRefetchableFragment: TypedFragment {}
