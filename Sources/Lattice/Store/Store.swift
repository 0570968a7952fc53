import Observation

/// The normalized store: the UI's state. Records observable field by field; writes staged
/// and applied by commits that notify only after the whole batch is applied.
///
/// Owns its records (`RecordSource`), the write epoch, the global invalidation epoch and the
/// retained roots that garbage collection keeps.
@MainActor
public final class Store: Observable {
    /// Options fixed when the store is made (by the environment, per phase strategy).
    public struct Configuration: Sendable {
        /// Classify each changed field for `CommitChanges.verdictChanges` (the stored-phase
        /// strategy needs it). Off by default: a strategy that does not need it pays nothing.
        public var notesVerdictChanges: Bool
        /// How many released roots stay kept from collection (`Store.release`), as Relay's
        /// `gcReleaseBufferSize`; 0 keeps none.
        public var releaseBufferSize: Int

        /// Options; nothing noted, a release buffer of 10.
        public init(notesVerdictChanges: Bool = false, releaseBufferSize: Int = 10) {
            self.notesVerdictChanges = notesVerdictChanges
            self.releaseBufferSize = releaseBufferSize
        }

        /// Nothing noted, a release buffer of 10.
        public static let `default` = Configuration()
    }

    /// The options the store was made with.
    public let configuration: Configuration
    /// The records.
    public let source = RecordSource()
    /// The write epoch: incremented by every commit. Untracked.
    public internal(set) var epoch = 0
    var globalInvalidation: Int?
    var retained: [ObjectIdentifier: Retention] = [:]
    /// Released roots still kept from collection.
    var releaseBuffer: ReleaseBuffer
    /// The number of the last collection (`collectGarbage`), which marks reached records.
    var collectionNumber = 0
    /// The optimistic layers shown over the base, and the base under them. Every publish
    /// reads it; unchecked, as `Record.slots` is, since a dynamic exclusivity check cost every
    /// commit about 80 instructions (CommitScaling, callgrind) and the main actor serializes
    /// its accesses.
    @exclusivity(unchecked) var optimistic = OptimisticLayers()
    /// The nodes of each connection's edges (by the connection record's serial), so that a
    /// page's merge finds its duplicates without walking the list (`Store+Connection`).
    var connectionNodes: [Int: Set<ObjectIdentifier>] = [:]
    /// The pages merged into each connection since its list was last replaced, by the
    /// connection record's serial: what an inspection shows (`inspect(includesValues:)`).
    var connectionPages: [Int: Int] = [:]
    let registrar = ObservationRegistrar()

    /// An empty store holding only `client:root`.
    public init(configuration: Configuration = .default) {
        self.configuration = configuration
        releaseBuffer = ReleaseBuffer(capacity: configuration.releaseBufferSize)
        _ = source.recordOrCreate(.root)
    }

    /// The epoch at which the whole store was last invalidated, if ever. Tracked.
    public var invalidationEpoch: Int? {
        registrar.access(self, keyPath: \Store.invalidationEpochToken)
        return globalInvalidation
    }

    /// Observation token of `invalidationEpoch` (never applied).
    public nonisolated var invalidationEpochToken: Int { 0 }

    /// The record `id`, if present. - Complexity: O(1).
    public func record(_ id: DataID) -> Record? { source[id] }

    /// Applies the local update `body` stages, atomically.
    /// - Complexity: O(fields written) plus one notification per changed field.
    @discardableResult
    public func commit<Failure: Error>(
        _ body: (inout RecordSourceDelta) throws(Failure) -> Void
    ) throws(Failure) -> CommitChanges {
        var delta = RecordSourceDelta()
        try body(&delta)
        return publish(delta)
    }

    /// Normalizes `response` for `operation` under `root` and publishes it in one commit,
    /// taking away the optimistic layer it answers (`replacing`), if any. A response that does
    /// not fit the selection, or whose page answers for a list the store does not hold
    /// (`checkPages(of:)`), throws and leaves the store unchanged, the layer included.
    /// With `landing`, only the places a later payload of an incremental response landed in
    /// `response` are normalized (`ResponseNormalizer.normalize(_:for:root:landing:)`).
    /// - Returns: what the commit changed and the errors no field holds (unplaced).
    /// - Complexity: O(response nodes + errors), with `landing` O(nodes at its places +
    ///   errors), plus one notification per changed field.
    @discardableResult
    public func commit(_ response: GraphQLResponse, for operation: BoundArtifact, root: DataID = .root,
                       landing: IncrementalResponse.Landing? = nil,
                       replacing layer: OptimisticLayerID? = nil) throws(NormalizeError) -> ResponseCommit {
        let normalized = try ResponseNormalizer.normalize(response, for: operation, root: root, landing: landing)
        try checkPages(of: normalized.delta)
        let changes = layer.map { removeOptimistic($0, replacingWith: normalized.delta) } ?? publish(normalized.delta)
        return ResponseCommit(changes: changes, unplacedErrors: normalized.unplacedErrors)
    }

    /// Invalidates the whole store: every operation written before now is stale.
    /// - Returns: the new invalidation epoch. - Complexity: O(1).
    @discardableResult
    public func invalidateAll() -> Int {
        epoch += 1
        globalInvalidation = epoch
        registrar.willSet(self, keyPath: \Store.invalidationEpochToken)
        registrar.didSet(self, keyPath: \Store.invalidationEpochToken)
        return epoch
    }

    /// Every record and field, untracked, with storage keys as strings: for tests (compare a
    /// full snapshot) and printing. - Complexity: O(records + fields).
    public func snapshot() -> StoreSnapshot {
        var records: [DataID: [String: FieldState]] = [:]
        for (id, record) in source.records {
            var fields: [String: FieldState] = [:]
            for (key, state) in record.fields { fields[key.storageKey] = state }
            records[id] = fields
        }
        return StoreSnapshot(records: records)
    }
}

/// What committing a response did: what the commit changed and the errors no field holds.
public struct ResponseCommit: Sendable {
    /// What the commit changed.
    public let changes: CommitChanges
    /// Errors whose path leads to no field the response wrote; they stay with the fetch.
    public let unplacedErrors: [GraphQLError]
}

/// All records with their fields by storage key: a comparable picture of a store.
public struct StoreSnapshot: Hashable, Sendable {
    /// Fields by storage key, by record id.
    public let records: [DataID: [String: FieldState]]
}
