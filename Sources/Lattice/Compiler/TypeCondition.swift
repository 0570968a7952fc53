/// A type condition (`... on User`, a fragment's `on Issue`) compiled to the interned keys of
/// the concrete types it admits, so a check against a record's type hashes no string.
public final class TypeCondition: Sendable {
    /// The condition's type as written.
    public let typeName: String
    /// Interned concrete types, sorted by raw value.
    private let concreteTypes: [Int32]

    init(typeName: String, concreteTypes: Set<String>) {
        self.typeName = typeName
        self.concreteTypes = concreteTypes.map { TypeKey($0).rawValue }.sorted()
    }

    /// The names of the concrete types the condition admits, sorted (`CompiledFormWriter`
    /// writes them; their keys' order is the process's interning order).
    /// - Complexity: O(types × log types), under the type table's lock each.
    var concreteTypeNames: [String] { concreteTypes.map { TypeKeyTable.shared.name(of: $0) }.sorted() }

    /// Whether a record of type `type` satisfies the condition: a known type is admitted; an
    /// unknown type never is.
    /// - Complexity: O(log concrete types).
    public func matches(_ type: RecordType) -> Bool {
        switch type {
        case .known(let key): admits(key)
        case .unknown, .nonexistent: false
        }
    }

    /// Whether objects of concrete type `key` satisfy the condition.
    public func admits(_ key: TypeKey) -> Bool {
        let raw = key.rawValue
        var low = 0
        var high = concreteTypes.count
        while low < high {
            let middle = (low + high) / 2
            if concreteTypes[middle] < raw { low = middle + 1 } else { high = middle }
        }
        return low < concreteTypes.count && concreteTypes[low] == raw
    }
}
