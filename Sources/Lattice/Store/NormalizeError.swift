/// Why a response was rejected instead of normalized. Each case names the response path
/// (`viewer.issues.3.title`); the store is left exactly as it was.
public enum NormalizeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The response has no `data` (a request error when `errors` is non-empty).
    case noData(errors: [GraphQLError])
    /// The response's `data` is a value of another kind than an object (`found`: `a string`…).
    case dataNotAnObject(found: String)
    /// A selected field is absent from its object: one the document selects, or the `id` or
    /// `__typename` the compiler added (the path ends in `id` or `__typename`).
    case missingField(path: String)
    /// An object was expected (a linked field) and something else came.
    case expectedObject(path: String, found: String)
    /// A list was expected (a list field) and something else came.
    case expectedList(path: String, found: String)
    /// A list came where the field's type has none.
    case unexpectedList(path: String)
    /// A scalar value does not fit the field's type.
    case scalarMismatch(path: String, expected: String, found: String)
    /// An integer for an `Int` field outside GraphQL's 32 bits.
    case intOutOfRange(path: String, value: Int)
    /// An object of an identified type came with an `id` that is not an id (null, a list...);
    /// without one at all, it is `missingField` at the `id`.
    case missingID(path: String)
    /// An object came with an `id` in the client namespace (`client:…`), which only the store
    /// assigns: taken, it would overwrite the root or an unidentified object's record.
    case clientID(path: String, id: String)
    /// An object's `__typename` names no type the field can hold (not the field's object type,
    /// nor a possible type of its interface or union).
    case impossibleTypename(path: String, typename: String, type: String)
    /// An edge of a `@connection` page without a string `cursor`: it could not be paged from.
    case edgeWithoutCursor(path: String)
    /// A page of a `@connection` field whose `pageInfo` is null: where the list ends is unknown.
    case pageWithoutPageInfo(path: String)
    /// A page of a `@connection` field whose `pageInfo` says there is more (`flag`,
    /// `hasNextPage` or `hasPreviousPage`, is true) with a null cursor to ask for it from;
    /// `path` ends at the cursor. Taken, the pager would say there is more and load nothing.
    case pageWithoutCursor(path: String, flag: String)
    /// A page of a `@connection` field asked after (or before) `cursor` that answers for a
    /// list the store does not hold (`connection`): the answer is for another parent record
    /// than the list paged (`node(id:)` answered with another id, say). Taken, it would move
    /// the parent's link away from the list.
    case pageForAnotherParent(path: String, cursor: String, connection: DataID)

    public var description: String {
        switch self {
        case .noData(let errors):
            "response has no data (\(errors.count) error(s))"
        case .dataNotAnObject(let found):
            "data: expected an object, found \(found)"
        case .missingField(let path):
            "\(path): field missing from the response"
        case let .expectedObject(path, found):
            "\(path): expected an object, found \(found)"
        case let .expectedList(path, found):
            "\(path): expected a list, found \(found)"
        case .unexpectedList(let path):
            "\(path): found a list where the field's type has none"
        case let .scalarMismatch(path, expected, found):
            "\(path): expected \(expected), found \(found)"
        case let .intOutOfRange(path, value):
            "\(path): \(value) is outside the 32 bits of GraphQL's Int"
        case .missingID(let path):
            "\(path): object of an identified type has no usable id"
        case let .clientID(path, id):
            "\(path): id \"\(id)\" is in the client namespace (client:), which the server may not use"
        case .edgeWithoutCursor(let path):
            "\(path): an edge of a @connection page needs a cursor (a string) to page from"
        case .pageWithoutPageInfo(let path):
            "\(path): a page of a @connection field needs its pageInfo, which is null"
        case let .pageWithoutCursor(path, flag):
            "\(path): null while \(flag) is true: the page it announces cannot be asked for"
        case let .pageForAnotherParent(path, cursor, connection):
            "\(path): a page asked from cursor \"\(cursor)\" answers for a list the store does not hold "
                + "(\(connection)): the answer is for another parent record"
        case let .impossibleTypename(path, typename, type):
            "\(path): __typename \(typename) is not a possible type of \(type)"
        }
    }
}
