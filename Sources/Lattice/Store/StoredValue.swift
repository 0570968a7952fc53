/// A field's value as the live store keeps it: links are record references, so a read
/// follows a link with no lookup and no hashing.
///
/// Equality compares links by identity; the store keeps one `Record` per `DataID`.
enum StoredValue: Equatable {
    case null
    case scalar(JSONValue)
    case link(Record)
    case links([Record?])

    static func == (lhs: StoredValue, rhs: StoredValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.scalar(left), .scalar(right)): return left == right
        case let (.link(left), .link(right)): return left === right
        case let (.links(left), .links(right)):
            guard left.count == right.count else { return false }
            for index in left.indices where left[index] !== right[index] { return false }
            return true
        case (.null, _), (.scalar, _), (.link, _), (.links, _): return false
        }
    }

    /// Whether it links records (a link or a list of links). - Complexity: O(1).
    @inline(__always)
    var isLink: Bool {
        switch self {
        case .link, .links: true
        case .null, .scalar: false
        }
    }

    /// The boundary form, with links as `DataID`s. - Complexity: O(items of a list).
    var fieldValue: FieldValue {
        switch self {
        case .null: .null
        case .scalar(let value): .scalar(value)
        case .link(let record): .link(record.id)
        case .links(let records): .links(records.map { $0?.id })
        }
    }
}

/// One field of a record: its value and the field errors placed beside it.
struct Slot: Equatable {
    var value: StoredValue
    /// Non-nil only beside a `null` the response explained with errors.
    var errors: [GraphQLError]?

    static func == (lhs: Slot, rhs: Slot) -> Bool {
        lhs.value == rhs.value && lhs.errors == rhs.errors
    }
}
