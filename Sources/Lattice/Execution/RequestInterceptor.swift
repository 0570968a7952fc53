import Foundation

/// One step of an environment's request pipeline (`Environment.Configuration.interceptors`):
/// a value that sees each query and mutation on its way to the transport and its answer on
/// the way back, and may change the request (headers), send it again (a retry, a refreshed
/// token), bound it (a deadline) or report it (logging).
///
/// The environment runs its interceptors in order, the first outermost: each gets the request
/// and the rest of the pipeline (`next`, from the interceptor after it), and answers by
/// calling `next.proceed(_:)` (any number of times) or by throwing. Sendable values; they run
/// on the caller's executor, as `Transport.execute` does (the main actor, for the runtime).
///
/// Streams (subscriptions and answers in parts) are not sent again nor bounded: for them only
/// `prepare(_:)` runs, in order, before the stream starts, so headers apply to them too.
///
/// Cost: nothing without interceptors (the executor sends to the transport directly); with
/// them, each call of each interceptor per sending.
public protocol RequestInterceptor: Sendable {
    /// Sends `request` on through `next`, or answers without it. - Complexity: the
    /// interceptor's own plus that of every `next.proceed(_:)` it makes.
    nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
        -> GraphQLResponse

    /// `request` as a stream (subscription, answer in parts) is to be sent: its headers, or
    /// a failure that keeps it from being sent. Defaults to `request` unchanged.
    nonisolated(nonsending) func prepare(_ request: OutgoingRequest) async throws(Failure) -> OutgoingRequest
}

extension RequestInterceptor {
    /// `request` unchanged. - Complexity: O(1).
    public nonisolated(nonsending) func prepare(_ request: OutgoingRequest) async throws(Failure) -> OutgoingRequest {
        request
    }
}

/// A request as the pipeline carries it: the GraphQL request (whose `headers` the transport
/// adds to its own), the kind of its operation, and which sending of it this is.
public struct OutgoingRequest: Sendable {
    /// What the transport sends; an interceptor sets `request.headers` for this sending.
    public var request: GraphQLRequest
    /// The operation's kind: `.query`, `.mutation` or `.subscription`.
    public let kind: Artifact.Kind
    /// 1 for the first sending; a retry (`RetryInterceptor`) counts up.
    public var attempt: Int

    /// `request` of an operation of `kind`, at its `attempt`th sending (the first by default).
    public init(_ request: GraphQLRequest, kind: Artifact.Kind, attempt: Int = 1) {
        self.request = request
        self.kind = kind
        self.attempt = attempt
    }
}

/// An environment's request pipeline from one interceptor on, as the one before it sees it
/// (`next`): `proceed(_:)` sends a request through those interceptors and then the transport; `wait(for:)` and
/// `schedule(after:_:)` wait on the environment's clock (`Configuration.clock`, a
/// `ManualScheduler` in tests), and `logger` is the environment's.
public struct RequestPipeline: Sendable {
    let setup: PipelineSetup
    let position: Int

    /// The environment's logger (`Configuration.logger`), if any.
    public var logger: RuntimeLogger? { setup.logger }

    /// Sends `request` through the interceptors after this one, then the transport.
    /// - Complexity: theirs, plus the transport's round trip.
    public nonisolated(nonsending) func proceed(_ request: OutgoingRequest) async throws(Failure) -> GraphQLResponse {
        guard position < setup.interceptors.count else { return try await setup.transport.execute(request.request) }
        return try await setup.interceptors[position].intercept(
            request, next: RequestPipeline(setup: setup, position: position + 1))
    }

    /// The time now on the environment's clock.
    @MainActor public var now: Date { setup.clock.now }

    /// Runs `action` after `delay` on the environment's clock, unless cancelled.
    /// - Complexity: the scheduler's.
    @MainActor public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        setup.clock.schedule(after: delay, action)
    }

    /// Returns after `delay` on the environment's clock (a backoff).
    /// - Throws: `cancelled` when the calling task is cancelled first (or already was).
    @MainActor public func wait(for delay: Duration) async throws(Failure) {
        let waiting = ScheduledWait()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.start(continuation, action: Task.isCancelled ? nil : schedule(after: delay) { waiting.end() })
            }
        } onCancel: {
            Task { @MainActor in waiting.end(cancelling: true) }
        }
        if waiting.wasCancelled || Task.isCancelled { throw .cancelled }
    }
}

/// One `RequestPipeline.wait(for:)`: its continuation, resumed once, by the clock or a cancel.
@MainActor
private final class ScheduledWait {
    private var continuation: CheckedContinuation<Void, Never>?
    private var action: ScheduledAction?
    private(set) var wasCancelled = false
    private var ended = false

    func start(_ continuation: CheckedContinuation<Void, Never>, action: ScheduledAction?) {
        guard !ended, let action else {
            continuation.resume()
            return
        }
        self.continuation = continuation
        self.action = action
    }

    func end(cancelling: Bool = false) {
        guard !ended else { return }
        ended = true
        wasCancelled = cancelling
        action?.cancel()
        continuation?.resume()
        continuation = nil
    }
}

/// An environment's interceptors with what they run on: the transport, the clock, the logger.
/// Main-actor state that never changes after `init`, so the sendings read it from anywhere.
@MainActor
final class PipelineSetup: Sendable {
    nonisolated let interceptors: [any RequestInterceptor]
    nonisolated let transport: any Transport
    nonisolated let logger: RuntimeLogger?
    let clock: any Scheduler

    init(interceptors: [any RequestInterceptor], transport: any Transport, clock: any Scheduler, logger: RuntimeLogger?) {
        self.interceptors = interceptors
        self.transport = transport
        self.clock = clock
        self.logger = logger
    }

    /// The transport that sends an operation of `kind` through the interceptors.
    nonisolated func transport(for kind: Artifact.Kind) -> any Transport {
        PipelineTransport(pipeline: self, kind: kind)
    }

    /// `request` as every interceptor's `prepare(_:)` leaves it, in order.
    nonisolated(nonsending) func prepared(_ request: GraphQLRequest, kind: Artifact.Kind) async throws(Failure)
        -> GraphQLRequest {
        var outgoing = OutgoingRequest(request, kind: kind)
        for interceptor in interceptors { outgoing = try await interceptor.prepare(outgoing) }
        return outgoing.request
    }
}

/// The transport the executor sends an operation of `kind` to when the environment has
/// interceptors: `execute` runs the pipeline; a stream starts once `prepare(_:)` ran.
private struct PipelineTransport: Transport {
    let pipeline: PipelineSetup
    let kind: Artifact.Kind

    nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
        try await RequestPipeline(setup: pipeline, position: 0).proceed(OutgoingRequest(request, kind: kind))
    }

    func executeIncrementally(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent> {
        let pipeline = pipeline
        let kind = kind
        return Self.after(prepare: { () async throws(Failure) in try await pipeline.prepared(request, kind: kind) },
                          start: { pipeline.transport.executeIncrementally($0) }, failed: { .failed($0) })
    }

    func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> {
        let pipeline = pipeline
        let kind = kind
        return Self.after(prepare: { () async throws(Failure) in try await pipeline.prepared(request, kind: kind) },
                          start: { pipeline.transport.subscribe($0) }, failed: { .failed($0) })
    }

    /// The events of `start(prepared request)`, or `failed` alone when preparing fails.
    private static func after<Event: Sendable>(
        prepare: @escaping @Sendable () async throws(Failure) -> GraphQLRequest,
        start: @escaping @Sendable (GraphQLRequest) -> AsyncStream<Event>,
        failed: @escaping @Sendable (Failure) -> Event
    ) -> AsyncStream<Event> {
        AsyncStream { continuation in
            let task = Task {
                do throws(Failure) {
                    let request = try await prepare()
                    for await event in start(request) { continuation.yield(event) }
                } catch {
                    continuation.yield(failed(Task.isCancelled ? .cancelled : error))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
