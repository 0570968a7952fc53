import Foundation

/// The life of every request an environment sends, in one place, as Relay's
/// `OperationExecutor` keeps it: sending (in the persisted-documents mode), sharing while in
/// flight, answers in parts (`RequestExecutor+Parts`), cancellation, committing each answer
/// once through the store, and telling the handles.
///
/// A fetch goes one way. A handle asks (`fetch(for:)`, `leave(_:)`, `cancel(for:)`); the
/// executor sends, commits the answer through the environment's one commit path, and writes
/// what happened into the facts of the handles that follow the request (`HandleFacts`), whose
/// keepers it tells to settle; the handles observe those facts and the store. Neither the
/// executor nor the environment calls a handle.
///
/// The requests in flight are kept by their operation and variables (`OperationKey`), so two
/// handles that fetch the same operation with the same variables share one request, until its
/// last payload for an answer in parts; `fetch` and `mutate` of the environment are sent on
/// their own, never shared.
@MainActor
final class RequestExecutor {
    /// How requests reach a server.
    let transport: any Transport
    /// What of each operation's document a request carries.
    let mode: PersistedDocumentPolicy
    /// Whether the server refused persisted ids: then `.idWithTextFallback` sends text alone.
    let persistedIDs = PersistedIDMemory()
    /// How many times the requests were all cancelled (`cancelAll()`, the store emptied): an
    /// answer to a request sent in an earlier era reaches neither the store nor the image.
    private(set) var era = 0
    /// The request of each operation with its variables on its way, shared by the handles
    /// that fetch meanwhile: until its answer, or, for an answer in parts (`@defer`,
    /// `@stream`), until its last payload (its later payloads are committed while it stays
    /// this one).
    var inFlight: [OperationKey: SharedRequest] = [:]
    /// Where answers are committed; the environment owns the executor.
    weak var environment: Environment?
    /// The environment's interceptors around the transport; `nil` without any (requests go
    /// to the transport directly).
    private let pipeline: PipelineSetup?
    private let clock: any Scheduler
    private let counters: RuntimeCounters?
    /// Where each request's sending, payloads, failure or cancellation is logged.
    let eventLog: EventLog?

    init(transport: any Transport, mode: PersistedDocumentPolicy, clock: any Scheduler, counters: RuntimeCounters?,
         eventLog: EventLog? = nil, interceptors: [any RequestInterceptor] = [], logger: RuntimeLogger? = nil) {
        self.transport = transport
        self.mode = mode
        self.clock = clock
        self.counters = counters
        self.eventLog = eventLog
        pipeline = interceptors.isEmpty ? nil : PipelineSetup(interceptors: interceptors, transport: transport,
                                                                 clock: clock, logger: logger)
    }

    /// Where a request of an operation of `kind` is sent: through the interceptors, when the
    /// environment has some, else to the transport. - Complexity: O(1).
    func sending(for kind: Artifact.Kind) -> any Transport {
        pipeline?.transport(for: kind) ?? transport
    }

    // MARK: What a handle asks

    /// Starts the fetch of the handle whose facts are `facts`, replacing its fetch in flight:
    /// it follows the request of its operation and variables in flight, if another handle's
    /// is, else a request sent now. Its activity reads in flight; nothing settles (the caller
    /// does, or the keeper's attach). A request whose answer in parts has begun is joined
    /// answered (`joinParts(_:)`). `RuntimeCounters` count the requests sent and shared.
    /// - Returns: the request it follows. - Complexity: O(1) plus a hash of the variables.
    @discardableResult
    func fetch(for facts: HandleFacts) -> SharedRequest {
        leave(facts)
        let root = facts.root
        if let shared = inFlight[root.key], let parts = shared.parts {
            // Answered, its later payloads still coming: the handle has its answer so far.
            facts.lastRequest = shared
            _ = facts.answerWasCommitted(unplacedErrors: shared.unplacedErrors)
            facts.partsDidChange(parts.parts)
            counters?.total.requestsShared += 1
            return shared
        }
        facts.fetchStarted(at: clock.now)
        if let shared = inFlight[root.key] {
            follow(shared, facts)
            counters?.total.requestsShared += 1
            return shared
        }
        let request = SharedRequest(root: root, era: era)
        follow(request, facts)
        inFlight[root.key] = request
        counters?.total.requestsSent += 1
        if let eventLog { request.logNumber = eventLog.requestSent(root.artifact.name) }
        if root.artifact.defersOrStreams {
            receiveInParts(request, from: Self.sendIncrementally(root.request, mode: mode, memory: persistedIDs,
                                                                 on: sending(for: root.artifact.kind)))
            return request
        }
        let transport = sending(for: root.artifact.kind)
        let mode = self.mode
        let memory = persistedIDs
        request.task = Task { [weak self] in
            let result: Result<GraphQLResponse, Failure>
            do throws(Failure) {
                result = .success(try await Self.send(root.request, mode: mode, memory: memory, on: transport))
            } catch {
                result = .failure(error)
            }
            self?.answer(request, with: result)
        }
        return request
    }

    /// The handle whose facts are `facts` no longer waits for its request; when no handle
    /// does, the request is cancelled. - Complexity: O(1) plus a hash of the variables.
    func leave(_ facts: HandleFacts) {
        guard let request = facts.request else { return }
        facts.request = nil
        request.followers.remove(facts)
        guard request.followers.count == 0 else { return }
        if inFlight[request.root.key] === request { inFlight[request.root.key] = nil }
        request.task?.cancel()
        eventLog?.requestAnswered(request.logNumber, request.root.artifact.name, payload: 0, failure: .cancelled)
    }

    /// The handle whose facts are `facts` is detached: it leaves its request, and a fetch it
    /// had in flight reads failed, `cancelled`. Nothing settles: its phase is no longer kept.
    func cancel(for facts: HandleFacts) {
        let wasInFlight = facts.storedActivity.isInFlight
        leave(facts)
        if wasInFlight { facts.fetchFailed(.cancelled, at: clock.now) }
    }

    /// A handle of an operation whose request in flight is answered and still receiving
    /// parts attaches without fetching (its data, the parts landed so far, is present): it
    /// gets the parts' states, and `waitForFetch()` waits for the last. Nothing settles.
    /// - Complexity: O(1) plus a hash of the variables.
    func joinParts(_ facts: HandleFacts) {
        guard let shared = inFlight[facts.root.key], let parts = shared.parts else { return }
        facts.lastRequest = shared
        facts.partsDidChange(parts.parts)
    }

    /// Where each part of the answer in parts still coming for `key` stands, while one is:
    /// a field under a deferred fragment still pending is not missing (`DataChecker`).
    /// - Complexity: O(1); plus a hash of the variables while any request is in flight.
    func partsComing(for key: OperationKey) -> [String: IncrementalResponse.PartState]? {
        inFlight.isEmpty ? nil : inFlight[key]?.parts?.parts
    }

    /// The last handle of `root` is gone: an answer in parts still coming for it is
    /// cancelled, and simply stops (no handle is left to tell).
    /// - Complexity: O(1) plus a hash of the variables.
    func rootWasReleased(_ root: OperationRoot) {
        guard let receiving = inFlight[root.key], receiving.root === root else { return }
        inFlight[root.key] = nil
        receiving.task?.cancel()
        eventLog?.requestAnswered(receiving.logNumber, root.artifact.name, payload: 0, failure: .cancelled)
    }

    /// Gives every request in flight the failure `cancelled` and starts a new era
    /// (`Environment.removeAll()`): its handles stop waiting, the parts still pending of an
    /// answer in parts fail `cancelled`, and its answer, when it comes, is dropped.
    /// - Complexity: O(requests in flight + handles waiting).
    func cancelAll() {
        era += 1
        for request in Array(inFlight.values) {
            request.task?.cancel()
            if request.parts != nil {
                inFlight[request.root.key] = nil
                endParts(of: request, by: .cancelled)
            } else {
                answer(request, with: .failure(.cancelled))
            }
        }
    }

    // MARK: Answering

    /// Commits the answer once for every follower (each gets its data, unplaced errors and
    /// an idle fetch), or gives each the failure; a request no longer in flight (cancelled)
    /// answers nobody. With `continuing` (the first payload of an answer in parts whose
    /// later payloads are coming), a committed request stays in flight, shared, keeping the
    /// answer's unplaced errors for the handles that join it.
    /// - Returns: whether the answer was committed.
    /// - Complexity: O(fields written) plus O(followers), as the commit is.
    @discardableResult
    func answer(_ request: SharedRequest, with result: Result<GraphQLResponse, Failure>,
                continuing: Bool = false) -> Bool {
        let key = request.root.key
        guard inFlight[key] === request else { return false }
        inFlight[key] = nil
        if let eventLog {
            var failure: Failure?
            if case .failure(let error) = result { failure = error }
            eventLog.requestAnswered(request.logNumber, key.name, payload: 1, failure: failure)
        }
        var committed = false
        do throws(Failure) {
            guard let environment else { throw .cancelled }
            let commit = try environment.commit(try result.get(), bound: request.root.bound, key: key,
                                                sentIn: request.era, answering: request)
            committed = true
            if continuing {
                request.unplacedErrors = commit.unplacedErrors
                inFlight[key] = request
            }
        } catch {
            let now = clock.now
            var index = 0
            while index < request.followers.count {
                let facts = request.followers[index]
                if facts.fetchFailed(error, at: now) { facts.settle() }
                index += 1
            }
        }
        while request.followers.count > 0 {
            let facts = request.followers[0]
            request.followers.remove(facts)
            facts.request = nil
        }
        return committed
    }

    /// Sends `request` for `operation` on its own (not shared), takes its whole answer (every
    /// part, for one that defers or streams) and commits it once as `bound`'s, replacing
    /// `layer` when given: what `Environment.fetch` and a mutation do. `era` is the one it was
    /// sent in (its caller's, now by default).
    /// - Throws: the transport's failure; `cancelled` when the calling task was cancelled
    ///   (whenever it was: before the first byte, between payloads, or with the answer in;
    ///   the store forgets the answer) or the store was emptied since `era`; the commit's
    ///   failure. - Complexity: one round trip (two for an id the server does not know yet)
    ///   plus the commit.
    func run(_ request: GraphQLRequest, for operation: Artifact, bound: BoundArtifact, key: OperationKey,
             sentIn era: Int? = nil, replacing layer: OptimisticLayerID? = nil) async throws(Failure) -> ResponseCommit {
        let era = era ?? self.era
        let number = eventLog?.requestSent(operation.name)
        let response: GraphQLResponse
        do throws(Failure) {
            response = try await Self.whole(request, for: operation, mode: mode, memory: persistedIDs,
                                            on: sending(for: operation.kind))
            guard !Task.isCancelled, environment != nil else { throw .cancelled }
        } catch {
            if let number { eventLog?.requestAnswered(number, operation.name, payload: 1, failure: error) }
            throw error
        }
        if let number { eventLog?.requestAnswered(number, operation.name, payload: 1) }
        guard let environment else { throw .cancelled }
        return try environment.commit(response, bound: bound, key: key, sentIn: era, replacing: layer)
    }

    /// `request` for a subscription, as the mode shapes it.
    func subscriptionRequest(_ request: GraphQLRequest) -> GraphQLRequest {
        Self.subscription(request, mode: mode, memory: persistedIDs)
    }

    /// Lists `facts` as a follower of `request`.
    private func follow(_ request: SharedRequest, _ facts: HandleFacts) {
        request.followers.append(facts)
        facts.request = request
        facts.lastRequest = request
    }
}
