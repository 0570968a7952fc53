/// What `@connection(key:, filters:)` makes of a field: its pages merge into one connection
/// record per key and filter values (the field's `FieldNode.key` is that record's link,
/// `__<key>_connection(<filters>)`), and the paging arguments say where a page goes. A class:
/// the normalizer tests every object field for one, and an absent reference costs nothing more.
public final class ConnectionField: Sendable {
    /// The directive's `key`, e.g. `IssueList_issues`.
    public let key: String
    /// The `first` argument as written, if any.
    public let first: ArgumentValue?
    /// The `after` argument as written, if any.
    public let after: ArgumentValue?
    /// The `last` argument as written, if any.
    public let last: ArgumentValue?
    /// The `before` argument as written, if any.
    public let before: ArgumentValue?

    init(key: String, first: ArgumentValue?, after: ArgumentValue?, last: ArgumentValue?, before: ArgumentValue?) {
        self.key = key
        self.first = first
        self.after = after
        self.last = last
        self.before = before
    }

    /// The paging arguments: never part of the connection's storage key.
    static let pagingArguments: Set<String> = ["first", "after", "last", "before"]

    /// Where a page answered under `variables` goes: after the end, before the start, or in
    /// place of the list (no cursor). - Complexity: O(size of the cursor arguments).
    func position(under variables: [String: JSONValue]) -> ConnectionPage.Position {
        if case .string(let cursor)? = after?.resolve(variables) { return .after(cursor) }
        if case .string(let cursor)? = before?.resolve(variables) { return .before(cursor) }
        return .replacing
    }
}
