import Lattice
import Foundation
import Synchronization

/// A transport that answers from recorded fixtures, with behaviour a test scripts per
/// operation: held at a `RequestBarrier`, failed with any `Failure`, answered with another case or
/// response, or in parts a test feeds one by one (`enqueueInParts`, `IncrementalChannel`). The
/// default for the lab and the tests; it never touches the network.
///
/// Unscripted, a request is answered with its operation's `ok` fixture for its variables. A
/// request no fixture answers gets `requestErrors` whose message lists what there is.
public final class FixtureTransport: Transport {
    /// What a request is answered with.
    public enum Reply: Hashable, Sendable {
        /// The fixture of this case (`ok`, `field-error`, ...) for the request's variables.
        case fixture(case: String)
        /// This response, as if the server sent it.
        case respond(GraphQLResponse)
        /// This failure, as if the network or server produced it.
        case fail(Failure)
    }

    private struct Step: Sendable {
        var reply: Reply
        var gate: RequestBarrier?
    }

    private struct State {
        var queued: [String: [Step]] = [:]
        var defaults: [String: Step] = [:]
        var requests: [GraphQLRequest] = []
        var scriptedStreams: [String: [[SubscriptionEvent]]] = [:]
        var channels: [String: [SubscriptionChannel]] = [:]
        var scriptedAnswers: [String: [[IncrementalPayload]]] = [:]
        var answers: [String: [IncrementalChannel]] = [:]
        var answerWaiters: [(operation: String, index: Int, continuation: CheckedContinuation<IncrementalChannel, Never>)] = []
    }

    private let fixtures: [String: [FixtureResponse]]
    private let state = Mutex(State())

    /// Answers from `responses`. - Complexity: O(responses).
    public init(responses: [FixtureResponse]) {
        fixtures = Dictionary(grouping: responses, by: \.operation)
    }

    /// Answers from the `<operation>.<case>.json` files of `directory`.
    /// - Throws: `FixtureLoadError` naming the first file that does not load.
    public convenience init(directory: URL) throws(FixtureLoadError) {
        self.init(responses: try FixtureResponse.load(directory: directory))
    }

    // MARK: Scripting

    /// The next request for `operation` (first in, first out) gets `reply`, after `gate`
    /// opens if one is given.
    public func enqueue(_ operation: String, _ reply: Reply = .fixture(case: "ok"), after gate: RequestBarrier? = nil) {
        state.withLock { $0.queued[operation, default: []].append(Step(reply: reply, gate: gate)) }
    }

    /// Every request for `operation` with nothing enqueued gets `reply`, after `gate`.
    public func setDefault(_ operation: String, _ reply: Reply, after gate: RequestBarrier? = nil) {
        state.withLock { $0.defaults[operation] = Step(reply: reply, gate: gate) }
    }

    /// The next subscription to `operation` is sent `events` as soon as it opens; the
    /// channel then stays for the test to feed (unless the events ended it).
    public func enqueueStream(_ operation: String, _ events: [SubscriptionEvent]) {
        state.withLock { $0.scriptedStreams[operation, default: []].append(events) }
    }

    /// The next answer in parts (`executeIncrementally`) for `operation` comes through an
    /// `IncrementalChannel` the test feeds, sent `payloads` as soon as it opens; without one
    /// enqueued, an answer in parts is the request's outcome in one piece, as `execute` gives.
    public func enqueueInParts(_ operation: String, _ payloads: [IncrementalPayload] = []) {
        state.withLock { $0.scriptedAnswers[operation, default: []].append(payloads) }
    }

    // MARK: What happened

    // A request is recorded when `execute` runs, which is when the fetch's task first runs on
    // the main actor: not yet when `attach`, `refetch`, `retry` or `revalidate` returns (the
    // task is made, not run; starting it at once needs `Task.immediate`, macOS 26, above the
    // package's macOS 14 floor). To see it, await the handle's `waitForFetch()` (the answer is in),
    // or for a request held at a `RequestBarrier`, its `arrival()`.

    /// Every query and mutation request made, in order: each one whose `execute` has run
    /// (see above: not yet straight after the call that starts the fetch).
    /// - Complexity: O(requests) to copy.
    public var requests: [GraphQLRequest] { state.withLock { $0.requests } }

    /// How many query and mutation requests were made for `operation`, counted when their
    /// `execute` runs (see above: 0 straight after `attach` until the fetch's task has run).
    /// - Complexity: O(requests).
    public func requestCount(for operation: String) -> Int {
        state.withLock { $0.requests.count { $0.operationName == operation } }
    }

    /// The subscription streams opened for `operation`, oldest first.
    public func channels(for operation: String) -> [SubscriptionChannel] {
        state.withLock { $0.channels[operation] ?? [] }
    }

    /// The answers in parts opened for `operation` through `enqueueInParts`, oldest first.
    public func incrementalChannels(for operation: String) -> [IncrementalChannel] {
        state.withLock { $0.answers[operation] ?? [] }
    }

    /// The `index`th answer in parts opened for `operation` (0 the first), once its request
    /// is sent: a test awaits it rather than knowing when the runtime sends. Bound the calling
    /// test with a `.timeLimit`. - Complexity: O(answers waited for).
    public func incrementalChannel(for operation: String, at index: Int = 0) async -> IncrementalChannel {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> IncrementalChannel? in
                if let answers = state.answers[operation], answers.count > index { return answers[index] }
                state.answerWaiters.append((operation, index, continuation))
                return nil
            }
            if let open { continuation.resume(returning: open) }
        }
    }

    // MARK: Transport

    public nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
        let step = state.withLock { state in
            state.requests.append(request)
            if let step = Self.takeFirst(of: &state.queued, at: request.operationName) { return step }
            return state.defaults[request.operationName] ?? Step(reply: .fixture(case: "ok"))
        }
        if let gate = step.gate { try await gate.pass() }
        if Task.isCancelled { throw .cancelled }
        switch step.reply {
        case .fixture(let name): return try fixture(name, for: request).checked()
        case .respond(let response): return try response.checked()
        case .fail(let failure): throw failure
        }
    }

    public func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SubscriptionEvent.self)
        let channel = SubscriptionChannel(request: request, continuation: continuation)
        let events = state.withLock { state in
            state.channels[request.operationName, default: []].append(channel)
            return Self.takeFirst(of: &state.scriptedStreams, at: request.operationName) ?? []
        }
        for event in events { channel.send(event) }
        return stream
    }

    /// A scripted answer in parts when the test enqueued one for the operation (the request is
    /// counted as `execute` counts it); the whole outcome as one payload otherwise.
    public func executeIncrementally(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: IncrementalEvent.self)
        let channel = IncrementalChannel(request: request, continuation: continuation)
        let opened = state.withLock { state -> (payloads: [IncrementalPayload], waiters: [CheckedContinuation<IncrementalChannel, Never>])? in
            guard let payloads = Self.takeFirst(of: &state.scriptedAnswers, at: request.operationName) else { return nil }
            state.requests.append(request)
            state.answers[request.operationName, default: []].append(channel)
            let count = state.answers[request.operationName]?.count ?? 0
            let ready = state.answerWaiters.filter { $0.operation == request.operationName && $0.index == count - 1 }
            state.answerWaiters.removeAll { $0.operation == request.operationName && $0.index == count - 1 }
            return (payloads, ready.map(\.continuation))
        }
        guard let opened else { return executeInOnePiece(request) }
        for payload in opened.payloads { channel.send(payload) }
        for waiter in opened.waiters { waiter.resume(returning: channel) }
        return stream
    }

    private static func takeFirst<Element>(of queues: inout [String: [Element]], at key: String) -> Element? {
        guard var queue = queues[key], !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        queues[key] = queue
        return first
    }

    private func fixture(_ name: String, for request: GraphQLRequest) -> GraphQLResponse {
        let candidates = (fixtures[request.operationName] ?? []).filter { $0.case == name }
        if let match = candidates.first(where: { $0.variables == request.variables }) {
            return match.response
        }
        let have = candidates.isEmpty
            ? "no \"\(name)\" fixture for it"
            : "\"\(name)\" fixtures have variables \(candidates.map { "\($0.variables)" }.joined(separator: ", "))"
        return GraphQLResponse(data: nil, errors: [GraphQLError(
            message: "FixtureTransport: no answer for \(request.operationName) with variables \(request.variables): \(have)")])
    }
}
