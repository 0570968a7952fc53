/// A retained root: an operation, with its variables, read from a root record. Garbage
/// collection keeps every record a retained root's selection reaches.
@MainActor
public final class Retention {
    /// The operation and its variables.
    public let operation: BoundArtifact
    /// The record its selection is read from.
    public let root: DataID

    init(operation: BoundArtifact, root: DataID) {
        self.operation = operation
        self.root = root
    }

    /// Whether `other` keeps the same records: the same document, variables and root.
    func isSame(as other: Retention) -> Bool {
        operation.artifact === other.operation.artifact && root == other.root
            && operation.variables == other.operation.variables
    }
}

/// Marks the records reachable from retained roots by following their selections, writing
/// the collection's number into each (`Record.collectionMark`). A record reached twice is walked
/// twice: each selection may reach different fields of it.
@MainActor
struct ReferenceMarker: SelectionVisitor {
    /// The number of the collection marking.
    let collection: Int
    /// Records marked so far (each once).
    private(set) var reached = 0
    var spreads = SpreadMemo<DataID>()

    static var looksUpLeaves: Bool { false }

    mutating func enter(_ record: Record) -> Bool {
        if record.collectionMark != collection {
            record.collectionMark = collection
            reached += 1
        }
        return true
    }

    mutating func missing(_ field: FieldNode, on record: Record, bound: BoundArtifact) -> Bool { true }
}

extension Store {
    /// Retains `operation` at `root` until `release`: its records survive collection. The
    /// same operation waiting in the release buffer leaves it (it is retained again).
    /// - Complexity: O(release buffer).
    public func retain(_ operation: BoundArtifact, root: DataID = .root) -> Retention {
        let retention = Retention(operation: operation, root: root)
        retained[ObjectIdentifier(retention)] = retention
        releaseBuffer.remove(sameAs: retention)
        return retention
    }

    /// Releases a retention into the release buffer, where its records stay until
    /// `Configuration.releaseBufferSize` later releases push it out.
    /// - Returns: the root that left the buffer, if one did: records may have become
    ///   unreachable, so a collection is due (the environment schedules one).
    /// - Complexity: O(release buffer).
    @discardableResult
    public func release(_ retention: Retention) -> Retention? {
        guard retained.removeValue(forKey: ObjectIdentifier(retention)) != nil else { return nil }
        return releaseBuffer.add(retention)
    }

    /// The released roots the release buffer keeps, oldest first. - Complexity: O(1).
    public var bufferedCount: Int { releaseBuffer.retentions.count }

    /// The number of live retentions. - Complexity: O(1).
    public var retainedCount: Int { retained.count }

    /// Mark and sweep: removes every record no retained root and no root in the release
    /// buffer reaches (`client:root` stays), neither as the store shows it nor, under pending
    /// optimistic layers, in the base (what the layers write is shown, so it stays too).
    /// Removed records lose their fields, so a lens still holding one reads missing data, and
    /// a kept record's field linking one (a field no retained selection reads) goes with them.
    /// Nobody is notified: no retained operation reads a removed record or such a field.
    /// - Returns: the ids removed, in the order their records were made (`Record.serial`): an
    ///   order that is the same on every run, got by sorting integers. Sorting the ids as
    ///   strings (`DataID.sorted`) took 54 M of `RecordPage/collectNone`'s 162 M instructions
    ///   for a list the environment only counts.
    /// - Complexity: O(reachable fields + records), hashing only the ids removed, or the ids
    ///   kept when fewer are.
    @discardableResult
    public func collectGarbage() -> [DataID] {
        collectionNumber &+= 1
        var marker = ReferenceMarker(collection: collectionNumber)
        if let root = source[.root] { _ = marker.enter(root) }
        mark(with: &marker)
        // What the base reaches under pending optimistic layers stays too: a layer reverted
        // shows it again.
        if !optimistic.isEmpty {
            showBase()
            mark(with: &marker)
            showLayers()
        }
        // Every record reached: nothing to sweep, and no need to look at each.
        guard marker.reached < source.count else { return [] }
        let collection = collectionNumber
        // Most records going (a screen's data released): the source keeps the others in a new
        // table rather than hashing every id removed.
        let mostGo = source.count - marker.reached > source.count / 2
        // The connections' tables looked at once, not once a record: each look is a dynamic
        // exclusivity check (76 instructions).
        let forgetsConnections = !connectionNodes.isEmpty || !connectionPages.isEmpty
        var serials: [Int] = []
        var ids: [DataID] = []
        serials.reserveCapacity(source.count - marker.reached)
        ids.reserveCapacity(source.count - marker.reached)
        var kept: [DataID: Record] = [:]
        if mostGo { kept.reserveCapacity(marker.reached) }
        // One pass over the records, each emptied where it is met: a pass a step (gather,
        // empty, keep, order, name) missed the cache on every record each time, and the
        // sweep of RecordPage/collectNone is bound by those misses, not by instructions.
        // The values alone: iterating the pairs copies every id too.
        for record in source.records.values {
            guard record.collectionMark != collection else {
                if mostGo { kept[record.id] = record }
                continue
            }
            if forgetsConnections {
                forgetConnectionNodes(of: record)
                if !connectionPages.isEmpty { connectionPages[record.serial] = nil }
            }
            record.slots.removeAll()
            serials.append(record.serial)
            ids.append(record.id)
        }
        // The source held the last reference to most records removed: they go here.
        if mostGo {
            source.replaceRecords(with: kept)
        } else {
            for id in ids { source.remove(id) }
        }
        // A record kept may link one removed through a field no retained selection reads (the
        // root's field of a page scrolled past): the field goes too, or the empty record and
        // its id would stay alive through it, a little more with every collection.
        for record in source.records.values {
            for key in record.slots.keysLinkingUnreached(collection) { record.slots.remove(key) }
        }
        return Self.indicesBySerial(serials).map { ids[$0] }
    }

    /// The indices of `serials` (unique, as records' are) in the serials' order. When they lie
    /// close together, as the serials of records made together do, each index is put in its
    /// place in one pass; otherwise they are sorted, comparing integers (a comparison of the
    /// records would retain and release both). Nonisolated: a comparison closure isolated to
    /// the main actor checks the executor at every call (531 M instructions for 50,003 records).
    /// - Complexity: O(n) when the serials span at most 4n, O(n log n) otherwise.
    nonisolated private static func indicesBySerial(_ serials: [Int]) -> [Int] {
        guard let low = serials.min(), let high = serials.max() else { return [] }
        guard high - low < serials.count * 4 else { return serials.indices.sorted { serials[$0] < serials[$1] } }
        var places = [Int](repeating: -1, count: high - low + 1)
        for (index, serial) in serials.enumerated() { places[serial - low] = index }
        return places.filter { $0 >= 0 }
    }

    /// Marks the records the retained roots reach as the store shows them now.
    private func mark(with marker: inout ReferenceMarker) {
        for retention in retained.values {
            guard let root = source[retention.root] else { continue }
            _ = marker.visit(retention.operation, from: root)
        }
        for retention in releaseBuffer.retentions {
            guard let root = source[retention.root] else { continue }
            _ = marker.visit(retention.operation, from: root)
        }
    }
}
