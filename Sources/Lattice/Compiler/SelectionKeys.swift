/// The keys of the keyed types a selection's objects may be (`ObjectSelection.recordKeys`),
/// made only when one is not the default global `id`: a set whose keyed types all key by `id`
/// has none, and the normalizer reads `id` as it always did.
public struct SelectionKeys: Sendable {
    /// The keyed types' interned keys, in `keys`' order.
    private let types: [TypeKey]
    /// Each keyed type's name and key, sorted by name (as `CompiledFormWriter` writes them).
    let keys: [(type: String, key: RecordKey)]

    /// The keys of `keyed`, `nil` when every one is `RecordKey.id`.
    init?(_ keyed: [(type: String, key: RecordKey)]) {
        guard keyed.contains(where: { !$0.key.isDefault }) else { return nil }
        keys = keyed.sorted { $0.type < $1.type }
        types = keys.map { TypeKey($0.type) }
    }

    /// The key of objects of concrete type `type`, `nil` when it is not keyed here.
    /// - Complexity: O(keyed types), integer compares (a set names one type, or an abstract
    ///   type's few).
    func key(of type: TypeKey) -> RecordKey? {
        for index in types.indices where types[index] == type { return keys[index].key }
        return nil
    }
}
