@testable import Lattice

/// The stores one test loaded, kept for as long as the test (its suite instance) lives: a
/// record read after its store is gone reads as missing (`RecordSource`'s deinit), so a
/// helper that hands out a store's root record keeps the store here.
@MainActor
final class StoreKeeper {
    private var stores: [Store] = []

    /// A new store, kept. - Complexity: O(1).
    func make() -> Store {
        let store = Store()
        stores.append(store)
        return store
    }
}
