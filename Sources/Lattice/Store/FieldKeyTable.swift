import Synchronization

/// The process-wide interning table behind `FieldKey`.
final class FieldKeyTable: Sendable {
    static let shared = FieldKeyTable()

    private struct State {
        var indices: [String: Int32] = [:]
        var names: [String] = []
        var keyPaths: [FieldKeyPath] = []
    }

    private let state = Mutex(State())

    /// Interns `storageKey`, returning its key and key path. - Complexity: O(length of the key).
    func intern(_ storageKey: String) -> (key: FieldKey, keyPath: FieldKeyPath) {
        state.withLock { state in
            if let index = state.indices[storageKey] {
                return (FieldKey(rawValue: index), state.keyPaths[Int(index)])
            }
            let key = FieldKey(rawValue: Int32(state.names.count))
            let keyPath: FieldKeyPath = \Record.[field: key]
            state.indices[storageKey] = key.rawValue
            state.names.append(storageKey)
            state.keyPaths.append(keyPath)
            return (key, keyPath)
        }
    }

    func storageKey(of key: FieldKey) -> String {
        state.withLock { $0.names[Int(key.rawValue)] }
    }

    /// The storage keys of `keys`, in their order, read under one lock (the image's encoding
    /// of a record names each of its fields). - Complexity: O(keys).
    func storageKeys(of keys: some Collection<FieldKey>) -> [String] {
        state.withLock { state in keys.map { state.names[Int($0.rawValue)] } }
    }

    func keyPath(of key: FieldKey) -> FieldKeyPath {
        state.withLock { $0.keyPaths[Int(key.rawValue)] }
    }
}
