import Foundation

/// The runtime an app talks to: a store, a transport, a clock, the phase strategy and the
/// retained handles.
///
/// Everything but the strategy is the same code whichever strategy is chosen, so the lab can
/// run the three side by side in one process. Nothing in it runs on a timer: time comes from
/// `clock.now` when something asks, and only `revalidate()` refetches stale handles.
@MainActor
public final class Environment {
    /// The compiled documents and the text each operation is sent as.
    public let program: Program
    /// The normalized store the handles read.
    public let store: Store
    /// How requests reach a server.
    public var transport: any Transport { executor.transport }
    /// How handles keep their phase; fixed when the environment is made.
    public let strategy: PhaseStrategy
    /// The clock: `now`, and for subscriptions only, reconnect delays.
    public let clock: any Scheduler
    /// How subscriptions reconnect after a drop.
    public let reconnectPolicy: ReconnectPolicy
    /// What of each operation's document its requests carry: text, persisted id, or both.
    public var persistedDocuments: PersistedDocumentPolicy { executor.mode }
    /// Whether the server refused persisted ids (`PERSISTED_QUERY_NOT_SUPPORTED`, or HTTP 400
    /// to a request without its text): with `.idWithTextFallback`, every request since has
    /// carried its text alone. Remembered for the environment's life. Untracked; O(1).
    public var persistedIDsRefused: Bool { executor.persistedIDs.idsRefused }
    /// Where the environment reports what fails nothing (`Configuration.logger`); `nil` by
    /// default. With an event log, a logger that keeps each entry in the log and hands it on
    /// to the one configured, if any.
    public let logger: RuntimeLogger?
    /// What the runtime did, counted; `nil` when made without counting (the default).
    public let counters: RuntimeCounters?
    /// What the runtime did, in order (`Configuration.eventLog`); `nil` when made without a
    /// log (the default).
    public let eventLog: EventLog?
    /// The failure of the last subscription event the store would not take. Untracked.
    public internal(set) var lastRejectedEvent: Failure?

    /// The phase strategy's environment-wide part (`PhaseStrategy.make`).
    let coordinator: any PhaseCoordinator
    /// Every request's life: sending, sharing, parts, cancellation, the answer's commit.
    let executor: RequestExecutor
    private(set) var handles = UnretainedList<OperationHandle>(position: \.environmentPosition)
    var roots: [OperationKey: OperationRoot] = [:]
    var stamps: [OperationKey: WriteStamp] = [:]
    /// The collection scheduled for a later turn, if any (`collectionIsDue`).
    private var scheduledCollection: ScheduledAction?
    /// The store's image, while it works.
    var image: ImageSession?
    /// What went wrong with the image, in order: a file moved aside, a failure that stopped
    /// it, a row that could not be read (each also logged, `LogEntry.image`, by `logger`).
    /// Untracked.
    public private(set) var imageLog: [String] = []
    /// The store's `client:root`, which every operation reads from.
    let rootRecord: Record

    /// An environment with an empty store, made as `configuration` says (each option's
    /// default is stated on `Configuration`).
    /// - Complexity: O(1) without an image; with one, a read of the image's `meta`.
    public init(program: Program, transport: any Transport, configuration: Configuration) {
        self.program = program
        self.strategy = configuration.strategy
        self.clock = configuration.clock
        self.reconnectPolicy = configuration.reconnectPolicy
        let eventLog = configuration.eventLog.map { EventLog(configuration: $0) }
        self.eventLog = eventLog
        let logger = eventLog?.routing(configuration.logger) ?? configuration.logger
        self.logger = logger
        let counters = configuration.counting ? RuntimeCounters() : nil
        self.counters = counters
        self.executor = RequestExecutor(transport: transport, mode: configuration.persistedDocuments,
                                        clock: configuration.clock, counters: counters, eventLog: eventLog,
                                        interceptors: configuration.interceptors, logger: logger)
        let store = Store(configuration: .init(notesVerdictChanges: strategy.notesVerdictChanges,
                                               releaseBufferSize: configuration.releaseBufferSize))
        store.eventLog = eventLog
        self.store = store
        guard let rootRecord = store.record(.root) else {
            preconditionFailure("Environment.init(): Expected the store's root record `\(DataID.root)` to exist")
        }
        self.rootRecord = rootRecord
        self.coordinator = strategy.make(counters: counters, eventLog: eventLog)
        if let image = configuration.image {
            self.image = ImageSession.open(url: image, sizeLimit: configuration.imageSizeLimit, schemaDigest: program.schemaDigest,
                                           log: { [weak self] in self?.logImage($0) },
                                           failed: { [weak self] error in
                                               Task { @MainActor in self?.imageFailed(error) }
                                           },
                                           eventLog: eventLog)
        }
        executor.environment = self
    }

    /// An environment with an empty store for the common case: `program`, `transport` and
    /// `strategy` (the shipped one by default), every other option at its default
    /// (`Configuration`).
    public convenience init(program: Program, transport: any Transport, strategy: PhaseStrategy = .shipped) {
        self.init(program: program, transport: transport, configuration: Configuration(strategy: strategy))
    }

    /// Keeps `line` in `imageLog` and logs it (`LogEntry.image`). - Complexity: O(1) and the
    /// logger's call.
    func logImage(_ line: String) {
        imageLog.append(line)
        logger?.log(.image(line))
    }

    /// The time now, from the clock.
    public var now: Date { clock.now }

    /// The number of attached handles. - Complexity: O(1).
    public var handleCount: Int { handles.count }

    // MARK: Attaching

    /// Attaches `operation` (a query) with `variables`: checks the store, and fetches as
    /// `policy` says. The handle retains the operation's records until it is detached or
    /// released.
    /// - Complexity: O(fields of the operation) for the availability check, plus the
    ///   strategy's one settle (stored) or, when the handle shows data, one verdict walk.
    public func attach(_ operation: Artifact, variables: [String: JSONValue] = [:],
                       policy: FetchPolicy = .storeOrNetwork) -> OperationHandle {
        precondition(operation.kind == .query,
                     "Environment.attach(): `\(operation.name)` is a \(operation.kind.rawValue), not a query")
        let root = retainRoot(operation, variables: variables)
        var (availability, answers) = checkAnswering(root.bound, key: root.key)
        if availability == .missing, hydrate(root) { (availability, answers) = checkAnswering(root.bound, key: root.key) }
        if let answers { settle(answers, of: root, available: availability != .missing) }
        let facts = HandleFacts(root: root, policy: policy, hasData: policy.shows(availability),
                                keeper: coordinator.keeper(for: root))
        let handle = OperationHandle(environment: self, facts: facts)
        handles.append(handle)
        root.facts.append(facts)
        if policy.fetches(availability) {
            executor.fetch(for: facts)
        } else {
            executor.joinParts(facts)
        }
        facts.keeper.attach(facts)
        return handle
    }

    /// Starts a fetch of the handle whose facts are `facts` (`RequestExecutor.fetch(for:)`)
    /// and settles its phase on the new facts. - Returns: the request it follows.
    @discardableResult
    func startFetch(_ facts: HandleFacts) -> SharedRequest {
        let request = executor.fetch(for: facts)
        facts.settle()
        return request
    }

    /// Unlists a handle: its phase is no longer kept, it leaves its request, and its root is
    /// released when it was the last.
    func detach(_ handle: OperationHandle) {
        handles.remove(handle)
        let facts = handle.facts
        facts.keeper.detach(facts)
        executor.leave(facts)
        let root = facts.root
        root.facts.remove(facts)
        guard root.facts.count == 0 else { return }
        executor.rootWasReleased(root)
        roots[root.key] = nil
        release(root.retention)
    }

    private func retainRoot(_ operation: Artifact, variables: [String: JSONValue]) -> OperationRoot {
        let key = OperationKey(name: operation.name, variables: BoundArtifact.withDefaults(variables, of: operation))
        if let root = roots[key] { return root }
        let parts = PartStates()
        let bound = BoundArtifact(operation, variables: variables, logger: logger, parts: parts)
        let root = OperationRoot(key: key, bound: bound, parts: parts, record: rootRecord,
                                 request: program.request(for: operation, variables: variables),
                                 retention: store.retain(bound))
        roots[key] = root
        return root
    }

    // MARK: Availability

    /// Whether the store holds `operation` with `variables`: available, missing, or stale
    /// (past its `@expires` since its last fetch, or written before an invalidation of a
    /// record it reaches or of the whole store). A field under a deferred fragment whose part
    /// is still coming, in the request in flight, is not missing. Untracked: a body that shows it reads
    /// `OperationHandle.availability`, which is tracked.
    /// - Complexity: O(fields of the operation, spreads included).
    public func check(_ operation: Artifact, variables: [String: JSONValue] = [:]) -> OperationAvailability {
        let bound = BoundArtifact(operation, variables: variables)
        let key = OperationKey(name: operation.name, variables: bound.variables)
        return checkAnswering(roots[key]?.bound ?? bound, key: key).availability
    }

    func check(_ root: OperationRoot) -> OperationAvailability {
        check(root.bound, key: root.key)
    }

    /// The availability of `bound` (the operation `key`), untracked, its missing lookup
    /// fields answered from the store (`LookupAnswers`), with what was answered and refused;
    /// without lookups, the plain check's, and no answers.
    /// - Complexity: as the plain check, plus O(1) a missing field that is no lookup.
    private func checkAnswering(_ bound: BoundArtifact,
                                key: OperationKey) -> (availability: OperationAvailability, answers: LookupAnswers?) {
        guard !program.lookups.isEmpty else { return (check(bound, key: key), nil) }
        let (data, answers) = DataChecker.check(bound, in: store, partsComing: executor.partsComing(for: key),
                                                answering: LookupAnswers(lookups: program.lookups, store: store))
        return (decide(data, bound: bound, key: key, tracked: false), answers)
    }

    /// What an attach does with its check's lookups: logs each refused one, and writes the
    /// links of those answered, in a commit of their own, when the data was there (`available`:
    /// not missing), so every reader follows them as links a response wrote (Relay's
    /// missing-field handlers write theirs so). A check that found data missing writes none:
    /// the fetch answers those fields.
    /// - Complexity: O(refusals) and, with links, one commit of O(links).
    private func settle(_ answers: LookupAnswers, of root: OperationRoot, available: Bool) {
        if let logger {
            for refusal in answers.refusals {
                logger.log(.lookupRefused(logger.includesValues ? refusal : refusal.withoutValues))
            }
        }
        guard available, !answers.links.isEmpty else { return }
        beginCommit()
        let changes = store.commit { delta in
            for link in answers.links { delta.set(FieldState(value: .link(link.target)), for: link.key, on: link.record) }
        }
        published(changes, by: .lookup(operation: root.key.name))
    }

    /// `root`'s availability, read tracked (`OperationHandle.availability` says on what).
    /// - Complexity: O(fields of the operation, spreads included) plus one registrar access
    ///   per record reached.
    func trackedAvailability(of root: OperationRoot) -> OperationAvailability {
        root.accessWriteStamp()
        return check(root.bound, key: root.key, tracked: true)
    }

    private func check(_ bound: BoundArtifact, key: OperationKey, tracked: Bool = false) -> OperationAvailability {
        decide(DataChecker.check(bound, in: store, tracked: tracked, partsComing: executor.partsComing(for: key)),
               bound: bound, key: key, tracked: tracked)
    }

    /// The availability of the operation `key` whose data check answered `data`.
    private func decide(_ data: Availability, bound: BoundArtifact, key: OperationKey, tracked: Bool) -> OperationAvailability {
        OperationAvailability.decide(data, written: stamps[key],
                                     globalInvalidation: tracked ? store.invalidationEpoch : store.globalInvalidation,
                                     expiresSeconds: bound.artifact.expiresSeconds, now: now)
    }

    // MARK: Committing

    /// Commits a local update: `body` stages writes, deletions and invalidations, applied
    /// at once; observers are notified after the whole batch.
    /// - Complexity: O(fields written) plus what the strategy does at a commit.
    @discardableResult
    public func commitUpdate(_ body: (inout RecordSourceDelta) -> Void) -> CommitChanges {
        beginCommit()
        let changes = store.commit(body)
        published(changes, by: .localUpdate)
        return changes
    }

    /// Commits `response` as the answer to `operation` with `variables`, as a fetch does
    /// (it stamps the operation as written now), without the network.
    /// - Throws: `requestErrors` without data; `undecodableResponse` when it does not fit
    ///   the selection (the store is then untouched).
    @discardableResult
    public func commit(_ response: GraphQLResponse, for operation: Artifact,
                       variables: [String: JSONValue] = [:]) throws(Failure) -> ResponseCommit {
        let bound = BoundArtifact(operation, variables: variables, logger: logger)
        let key = OperationKey(name: operation.name, variables: bound.variables)
        return try commit(response, bound: roots[key]?.bound ?? bound, key: key)
    }

    /// Commits `response` as the answer to the operation `key`, in one pass: the store's
    /// commit, the write stamp, then the facts of the root's handles, set without settling
    /// (those following `answering`, the request that brought it, get their data, their
    /// unplaced errors and an idle fetch; the others their data, unless `networkOnly`), then
    /// the end every commit shares (`published`: the strategy hears it, each handle whose
    /// facts changed settles once, the counters, the image, the collection).
    /// - Complexity: O(fields written) plus O(handles of the root) plus what the strategy
    ///   does at a commit.
    /// With `replacing`, the commit also takes that optimistic layer away (the mutation's
    /// answer confirming it). With `landing`, only where a later payload of an answer in
    /// parts landed in `response` is normalized (`Store.commit(_:for:root:landing:replacing:)`).
    /// An answer to a request sent in an earlier era (before `removeAll()`) is dropped:
    /// `cancelled`, nothing committed.
    @discardableResult
    func commit(_ response: GraphQLResponse, bound: BoundArtifact, key: OperationKey, sentIn era: Int? = nil,
                landing: IncrementalResponse.Landing? = nil, answering: SharedRequest? = nil,
                replacing layer: OptimisticLayerID? = nil) throws(Failure) -> ResponseCommit {
        if let era, era != executor.era { throw .cancelled }
        beginCommit()
        let commit: ResponseCommit
        do {
            commit = try store.commit(response, for: bound, landing: landing, replacing: layer)
        } catch {
            throw Failure(error)
        }
        stamps[key] = WriteStamp(epoch: commit.changes.epoch, fetchedAt: now)
        var changed: [HandleFacts] = []
        if let root = roots[key] {
            root.writeStampDidChange()
            root.responseWasCommitted(unplacedErrors: commit.unplacedErrors, answering: answering, changed: &changed)
        }
        published(commit.changes, by: .response(operation: key.name), stamping: key, settling: changed)
        return commit
    }

    /// The end of every commit, written once: the strategy hears it, each handle whose facts
    /// it changed (`settling`) settles once (a keeper that settled it during the commit does
    /// nothing), its records (with the age of the operation `key` when the commit set it) go
    /// to the image, the counters close it, and a collection is scheduled when it dropped a
    /// link; the event log hears it, with its `source`. Callers call `beginCommit()` before the
    /// store's commit.
    /// - Complexity: what the strategy does at a commit, plus O(changed records) for the image.
    /// Returns nothing: a commit's changes are a large value, and handing them back would copy
    /// them on every commit (CommitScaling counted it).
    func published(_ changes: CommitChanges, by source: @autoclosure () -> CommitEvent.Source,
                   stamping key: OperationKey? = nil, settling changed: [HandleFacts] = []) {
        coordinator.didCommit(changes)
        for facts in changed { facts.settle() }
        // Only with an image: the base records are an array made for it.
        if image != nil { writeBehind(changes.changedBaseRecords, stamping: key) }
        counters?.endCommit(changes)
        eventLog?.committed(changes, by: source(), rebased: changes.baseChanges != nil)
        if changes.droppedLinks { collectionIsDue() }
    }

    /// Marks the start of a commit for the counters and the event log, when there are any:
    /// every commit path calls it before the store's commit, and `published` after.
    func beginCommit() {
        counters?.beginCommit()
        eventLog?.beginCommit()
    }

    // MARK: Invalidation

    /// Invalidates the record `id`: every operation written before now that reaches it is
    /// stale, in a later launch's image too. Nothing refetches until `revalidate()`.
    public func invalidate(_ id: DataID) {
        commitUpdate { $0.invalidate(id) }
        image?.writer.recordsInvalidated([id], at: now)
    }

    /// Invalidates the whole store: every operation written before now is stale, in the
    /// image too.
    public func invalidateStore() {
        store.invalidateAll()
        image?.writer.storeInvalidated(at: now)
    }

    /// Marks an operation with its variables stale until it is written again (in the image
    /// too), and notifies the bodies that read its availability.
    func invalidate(_ key: OperationKey) {
        stamps[key, default: WriteStamp(epoch: 0, fetchedAt: .distantPast)].isInvalidated = true
        roots[key]?.writeStampDidChange()
        writeBehind([], stamping: key)
    }

    /// Removes, now, every record that no attached handle, live subscription, root in the
    /// release buffer or pending optimistic layer reaches: what a scheduled collection does
    /// (`collectionIsDue`), whose turn this one takes.
    /// - Returns: the ids removed. - Complexity: O(reachable fields + records).
    @discardableResult
    public func collectGarbage() -> [DataID] {
        scheduledCollection?.cancel()
        scheduledCollection = nil
        let removed = store.collectGarbage()
        counters?.noteCollection(removed: removed.count)
        eventLog?.append(.collected(removed: removed.count))
        return removed
    }

    /// Releases `retention` into the store's release buffer, and schedules a collection when
    /// a root left the buffer; the write stamp of an operation that left it, and is not
    /// attached again, goes too (its data is about to, and an environment scrolling through
    /// many variables would otherwise keep a stamp for each).
    func release(_ retention: Retention) {
        guard let left = store.release(retention) else { return }
        let key = OperationKey(name: left.operation.artifact.name, variables: left.operation.variables)
        if roots[key] == nil { stamps[key] = nil }
        collectionIsDue()
    }

    /// Schedules one collection on the clock for a later main-actor turn, unless one is
    /// scheduled already: however many roots leave the buffer and commits drop links in a
    /// turn, the store is swept once, and never inside a body's evaluation or a commit.
    /// - Complexity: O(1); the collection, when it runs, O(reachable fields + records).
    func collectionIsDue() {
        guard scheduledCollection == nil else { return }
        scheduledCollection = clock.schedule(after: .zero) { [weak self] in
            guard let self else { return }
            self.scheduledCollection = nil
            _ = self.collectGarbage()
        }
    }
}

extension Failure {
    /// The failure of a response the store would not take.
    init(_ error: NormalizeError) {
        switch error {
        case .noData(let errors):
            self = .requestErrors(errors)
        case .dataNotAnObject, .missingField, .expectedObject, .expectedList, .unexpectedList, .scalarMismatch, .intOutOfRange,
             .missingID, .clientID, .impossibleTypename, .edgeWithoutCursor, .pageWithoutPageInfo, .pageWithoutCursor,
             .pageForAnotherParent:
            self = .undecodableResponse(reason: "the response does not fit the selection: \(error)", snippet: "")
        }
    }
}
