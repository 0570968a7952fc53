/// Typed reads by position that never throw: what a generated accessor calls unless its
/// document asks to throw (`var title: String { lens[2] }`; decision record 0010). Each reads
/// as its throwing twin (`lens[throwing: 2]`, the same tracked access, the same errors), and
/// where that one would throw it gives what Relay gives instead: a nullable field reads
/// `nil` (a field error stays on the field, `fieldErrors(_:)`), a non-null one its type's
/// `unavailableValue` (an object a lens on no record, a list no items), and the environment's
/// logger hears `LogEntry.unavailableRead`. A ready phase vouches for its data, so under it
/// none of this happens but for a field error on a non-null field a server did not bubble.
extension Lens {
    /// A non-null scalar or enum field. Where a nullable read also fits, that one is chosen.
    /// - Complexity: O(1) plus one tracked access.
    @inlinable @_disfavoredOverload
    public subscript<T: ScalarDecodable>(index: Int) -> T {
        do { return try value(at: index) } catch { return unavailable(error, T.unavailableValue) }
    }

    /// A nullable scalar or enum field, or one under a type condition or `@catch(to: NULL)`.
    /// - Complexity: O(1) plus one tracked access.
    @inlinable
    public subscript<T: ScalarDecodable>(index: Int) -> T? {
        do { return try optionalValue(at: index) } catch { return unavailable(error, nil) }
    }

    /// A non-null object field. - Complexity: that of `read(_:) -> Lens`.
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> T {
        let found = node(at: index)
        do {
            if let lens = try linked(found, optional: false) { return T(lens: lens) }
            return T(lens: unavailable(.unexpectedNull(record: id, field: found.field.responseKey), found.field))
        } catch {
            return T(lens: unavailable(error, found.field))
        }
    }

    /// A nullable object field, or one a `@required` inside can null.
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> T? {
        do {
            guard let lens = try linked(node(at: index), optional: true) else { return nil }
            return T(lens: lens)
        } catch {
            return unavailable(error, nil)
        }
    }

    /// A non-null list of non-null objects: a null item is left out (and logged).
    /// - Complexity: O(items) plus one tracked access.
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> [T] {
        do {
            let items = try list(node(at: index), optionalItems: true, optionalList: false)?.items ?? []
            let present: [T] = typed(items)
            if present.count < items.count {
                return unavailable(.unexpectedNull(record: id, field: node(at: index).field.responseKey), present)
            }
            return present
        } catch {
            return unavailable(error, [])
        }
    }

    /// A nullable list of non-null objects: a null item is left out (and logged).
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> [T]? {
        do {
            guard let items = try list(node(at: index), optionalItems: true, optionalList: true)?.items else {
                return nil
            }
            let present: [T] = typed(items)
            if present.count < items.count {
                return unavailable(.unexpectedNull(record: id, field: node(at: index).field.responseKey), present)
            }
            return present
        } catch {
            return unavailable(error, nil)
        }
    }

    /// A non-null list whose objects may be null (in the store, or nulled by `@required`).
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> [T?] {
        do {
            return typedWithNulls(try list(node(at: index), optionalItems: true, optionalList: false)?.items ?? [])
        } catch {
            return unavailable(error, [])
        }
    }

    /// A nullable list whose objects may be null.
    @inlinable
    public subscript<T: TypedLens>(index: Int) -> [T?]? {
        do {
            guard let items = try list(node(at: index), optionalItems: true, optionalList: true)?.items else {
                return nil
            }
            return typedWithNulls(items)
        } catch {
            return unavailable(error, nil)
        }
    }

    /// The inline fragment at `index` of the selection's `selections`, on this record: `nil`
    /// when its type condition does not hold (a tracked read of the record's type), or a
    /// `@required` inside nulls it. - Complexity: O(1) plus one tracked access.
    @inlinable
    public subscript<T: TypedLens>(inline index: Int) -> T? {
        do {
            guard let lens = try inline(at: index) else { return nil }
            return T(lens: lens)
        } catch {
            return unavailable(error, nil)
        }
    }

    /// The inline fragment at `index` that always applies and no `@required` inside can null
    /// (an `@alias`ed one without a type condition), on this record.
    /// - Complexity: O(1).
    @inlinable
    public subscript<T: TypedLens>(inline index: Int) -> T {
        T(lens: alwaysInline(at: index))
    }

    /// The field errors stored on `key`'s field of this record (what made a nullable field
    /// read `nil`), `nil` when it has none: a tracked read of the field, as its value's is.
    /// - Complexity: O(key compares of the selection) plus one tracked access.
    public func fieldErrors(_ key: String) -> [GraphQLError]? {
        let found = node(key)
        guard found.matched else { return nil }
        return slot(found.field)?.errors
    }

    /// Reports a read that found no value to give, and gives `standIn` instead.
    /// - Complexity: O(1) plus the logger's closure.
    @usableFromInline
    func unavailable<Value>(_ error: ReadError, _ standIn: Value) -> Value {
        bound.logger?.unavailableRead(error, in: bound.artifact)
        return standIn
    }

    /// Reports a non-null object field that found no record to read, and gives a lens on an
    /// empty record under the field's selection: its reads are unavailable in turn.
    @usableFromInline
    func unavailable(_ error: ReadError, _ field: FieldNode) -> Lens {
        bound.logger?.unavailableRead(error, in: bound.artifact)
        let set = field.selectionSet ?? selection
        return Lens(record: Record(id: DataID("")), selection: set, bound: bound)
    }

    /// What a caught read gives for a value the store lacks: one error that says so.
    @usableFromInline
    func caughtError(_ error: ReadError) -> GraphQLError {
        GraphQLError(message: error.description, path: [.key(error.field)])
    }

    /// The lens of `spread` for its reference: `nil` when its condition does not hold or its
    /// root bubbled; a `@required(action: THROW)` miss inside opens it all the same, since
    /// the fragment's own accessor throws it.
    @usableFromInline
    func reference(_ spread: SpreadNode) -> Lens? {
        do { return try opened(spread) } catch { return fragmentLens(spread) }
    }

    /// The fragment's lens on this record, without its `@required` check.
    @usableFromInline
    func fragmentLens(_ spread: SpreadNode) -> Lens {
        Lens(record: record, selection: spread.fragment.selectionSet, bound: bound.fragment(spread))
    }
}
