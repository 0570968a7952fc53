import Synchronization

/// A type name interned to a small integer, so a type condition is checked against a record's
/// type without hashing a string.
public struct TypeKey: Hashable, Sendable, CustomStringConvertible {
    /// The interned index.
    public let rawValue: Int32

    /// Interns `typename`. - Complexity: O(length of the name), under a lock.
    public init(_ typename: String) {
        rawValue = TypeKeyTable.shared.intern(typename)
    }

    /// The key of `typename` if it was interned already, else `nil` (without interning it):
    /// for names from outside, so a server cannot grow the process-wide table.
    /// - Complexity: O(length of the name), under a lock.
    public init?(existing typename: String) {
        guard let index = TypeKeyTable.shared.index(of: typename) else { return nil }
        rawValue = index
    }

    /// The type name. - Complexity: O(1), under a lock.
    public var name: String { TypeKeyTable.shared.name(of: rawValue) }

    public var description: String { name }
}

/// The process-wide interning table behind `TypeKey`.
final class TypeKeyTable: Sendable {
    static let shared = TypeKeyTable()

    private struct State {
        var indices: [String: Int32] = [:]
        var names: [String] = []
    }

    private let state = Mutex(State())

    func intern(_ name: String) -> Int32 {
        state.withLock { state in
            if let index = state.indices[name] { return index }
            let index = Int32(state.names.count)
            state.indices[name] = index
            state.names.append(name)
            return index
        }
    }

    func index(of name: String) -> Int32? {
        state.withLock { $0.indices[name] }
    }

    func name(of index: Int32) -> String {
        state.withLock { $0.names[Int(index)] }
    }
}
