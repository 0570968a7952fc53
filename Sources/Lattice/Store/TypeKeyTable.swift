import Synchronization

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
