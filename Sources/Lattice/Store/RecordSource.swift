/// The store's records by id. One `Record` object per id for as long as the id is in the
/// source, so links (record references) stay valid across commits; only garbage collection
/// removes records.
@MainActor
public final class RecordSource {
    /// Unchecked, as a record's `slots`: main-actor state whose lookups (one or more a record
    /// a commit writes) would each pay a dynamic exclusivity check.
    @exclusivity(unchecked) private(set) var records: [DataID: Record] = [:]

    init() {}

    /// Links are strong references and records link in cycles (an issue to its author, the
    /// author to the issue): a source that goes away empties its records so they go too. A
    /// record kept past its store reads as missing, as one garbage collection removed does.
    /// Isolated, so the records are emptied on the main actor wherever the last reference
    /// to the store is dropped (a main-actor deinit needs no newer OS).
    /// - Complexity: O(records).
    isolated deinit {
        for record in records.values {
            record.slots.removeAll()
        }
    }

    /// The record for `id`, if present. - Complexity: O(1) (one string hash).
    public subscript(id: DataID) -> Record? { records[id] }

    /// The number of records. - Complexity: O(1).
    public var count: Int { records.count }

    /// All ids, sorted (`DataID.sorted(_:)`). - Complexity: O(n log n).
    public var ids: [DataID] { DataID.sorted(Array(records.keys)) }

    /// The record for `id`, made empty if absent. - Complexity: O(1).
    func recordOrCreate(_ id: DataID) -> (record: Record, created: Bool) {
        if let record = records[id] { return (record, false) }
        let record = Record(id: id)
        records[id] = record
        return (record, true)
    }

    /// Removes `id` (garbage collection). - Complexity: O(1).
    func remove(_ id: DataID) {
        records[id] = nil
    }

    /// Makes `kept` the records (garbage collection, when most records go): the collector
    /// gathered them in its pass, hashing only their ids, where removing each of the others
    /// would hash and look up every one (RecordPage/collectNone: 50,003 ids removed, one kept).
    /// Each record of `kept` must be this source's under its own id. - Complexity: O(1) here.
    func replaceRecords(with kept: [DataID: Record]) {
        records = kept
    }
}
