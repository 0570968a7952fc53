import Foundation
import Synchronization

/// Sets headers computed per request (`compute`, async: a value read from a keychain, a
/// client version) on every sending, streams included. Headers it returns replace the
/// transport's own of the same name. - Complexity: `compute`'s, per sending.
public struct HeaderInterceptor: RequestInterceptor {
    private let compute: @Sendable (OutgoingRequest) async throws(Failure) -> [String: String]

    /// An interceptor that adds `compute(request)` to each request's headers; a failure it
    /// throws fails the request unsent.
    public init(_ compute: @escaping @Sendable (OutgoingRequest) async throws(Failure) -> [String: String]) {
        self.compute = compute
    }

    public nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
        -> GraphQLResponse {
        try await next.proceed(try await prepare(request))
    }

    public nonisolated(nonsending) func prepare(_ request: OutgoingRequest) async throws(Failure) -> OutgoingRequest {
        var request = request
        request.request.headers.merge(try await compute(request)) { _, computed in computed }
        return request
    }
}

/// Sends a token from an async provider in a header (`Authorization: Bearer <token>` by
/// default), and answers an HTTP 401 by asking the provider for a fresh token
/// (`refresh: true`) and sending the request once more with it; a second 401 is the
/// request's failure. Streams get the current token (no replay: a stream is not sent twice).
/// - Complexity: a provider call per sending; one more round trip after a 401.
public struct TokenInterceptor: RequestInterceptor {
    /// Gives the token to send; `refresh` is `true` after the server refused the last one.
    public typealias Provider = @Sendable (_ refresh: Bool) async throws(Failure) -> String
    private let header: String
    private let prefix: String
    private let token: Provider

    /// An interceptor that sends `prefix + token(refresh)` as `header`.
    public init(header: String = "Authorization", prefix: String = "Bearer ", token: @escaping Provider) {
        self.header = header
        self.prefix = prefix
        self.token = token
    }

    public nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
        -> GraphQLResponse {
        do {
            return try await next.proceed(try await authorized(request, refresh: false))
        } catch {
            guard case .httpStatus(401, _) = error else { throw error }
            return try await next.proceed(try await authorized(request, refresh: true))
        }
    }

    public nonisolated(nonsending) func prepare(_ request: OutgoingRequest) async throws(Failure) -> OutgoingRequest {
        try await authorized(request, refresh: false)
    }

    private nonisolated(nonsending) func authorized(_ request: OutgoingRequest, refresh: Bool) async throws(Failure)
        -> OutgoingRequest {
        var request = request
        request.request.headers[header] = prefix + (try await token(refresh))
        return request
    }
}

/// When a failed query is sent again (`RetryInterceptor`): how many sendings in all, and
/// the backoff between them, `min(maxDelay, baseDelay * multiplier^(n-1))` before the
/// `n+1`th sending (no jitter: the delays are the same every run). Mutations are not sent
/// again unless `retriesMutations` (the server may have applied the first); subscriptions
/// reconnect by `ReconnectPolicy` instead.
public struct RetryPolicy: Hashable, Sendable {
    /// Sendings in all, the first included; 1 never retries. Defaults to 3.
    public var maxAttempts: Int
    /// The delay before the first retry. Defaults to 0.5 seconds.
    public var baseDelay: Duration
    /// How much each further delay grows. Defaults to 2.
    public var multiplier: Double
    /// The longest delay. Defaults to 30 seconds.
    public var maxDelay: Duration
    /// Whether mutations are sent again too. Defaults to `false`.
    public var retriesMutations: Bool

    /// Three sendings, 0.5 s then 1 s apart, queries only.
    public static let `default` = RetryPolicy()

    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), multiplier: Double = 2,
                maxDelay: Duration = .seconds(30), retriesMutations: Bool = false) {
        self.maxAttempts = max(maxAttempts, 1)
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.retriesMutations = retriesMutations
    }

    /// The delay before sending again after sending `attempt` (1-based) of a request of
    /// `kind` failed with `failure`, or `nil` when it is not sent again. - Complexity: O(1).
    public func delay(after attempt: Int, of kind: Artifact.Kind, failedWith failure: Failure) -> Duration? {
        guard attempt < maxAttempts, kind == .query || (kind == .mutation && retriesMutations),
              Self.isRetryable(failure) else { return nil }
        let base = baseDelay.seconds * pow(multiplier, Double(attempt - 1))
        return .seconds(min(base, maxDelay.seconds))
    }

    /// Whether `failure` may go away when the request is sent again: a lost or refused
    /// connection, the transport's timeout, a server error (5xx). GraphQL errors, other
    /// statuses, an undecodable body and a cancel are the answer, not a fault of the way.
    public static func isRetryable(_ failure: Failure) -> Bool {
        switch failure {
        case .transport, .timedOut: true
        case .httpStatus(let code, _): (500..<600).contains(code)
        case .undecodableResponse, .requestErrors, .fieldErrors, .requiredFieldMissing, .notInStore, .cancelled: false
        }
    }
}

/// Sends a failed query again as its `RetryPolicy` says, waiting each backoff on the
/// environment's clock (`RequestPipeline.wait(for:)`); a cancel while waiting is `cancelled`.
/// Each sending goes through the interceptors after this one, with `attempt` counting up.
/// - Complexity: up to `maxAttempts` round trips.
public struct RetryInterceptor: RequestInterceptor {
    /// When to send again.
    public let policy: RetryPolicy

    /// An interceptor that retries by `policy` (`RetryPolicy.default` unless given).
    public init(policy: RetryPolicy = .default) {
        self.policy = policy
    }

    public nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
        -> GraphQLResponse {
        var request = request
        while true {
            do {
                return try await next.proceed(request)
            } catch {
                guard let delay = policy.delay(after: request.attempt, of: request.kind, failedWith: error) else {
                    throw error
                }
                try await next.wait(for: delay)
                request.attempt += 1
            }
        }
    }
}

/// Fails a request that has no answer within `limit` on the environment's clock with
/// `timedOut(after: limit)` (never `cancelled`, which stays the app's cancel), and cancels
/// what it was waiting for. Outermost, it bounds every retry together; after a
/// `RetryInterceptor`, each sending. - Complexity: a scheduled action and a task per sending.
public struct DeadlineInterceptor: RequestInterceptor {
    /// How long a request may take.
    public let limit: Duration

    /// An interceptor that gives each request `limit`.
    public init(_ limit: Duration) {
        self.limit = limit
    }

    public nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
        -> GraphQLResponse {
        let sending = Task { @MainActor () -> Result<GraphQLResponse, Failure> in
            do throws(Failure) { return .success(try await next.proceed(request)) } catch { return .failure(error) }
        }
        let expired = Atomic<Bool>(false)
        let timer = await next.schedule(after: limit) {
            expired.store(true, ordering: .relaxed)
            sending.cancel()
        }
        let result = await withTaskCancellationHandler { await sending.value } onCancel: { sending.cancel() }
        await timer.cancel()
        if case .failure = result, !Task.isCancelled, expired.load(ordering: .relaxed) {
            throw .timedOut(after: limit)
        }
        return try result.get()
    }
}

/// Reports each sending that passes it to the environment's logger (`Configuration.logger`)
/// as `LogEntry.request`, when it ends: the operation's name and kind, the attempt, how long
/// it took on the environment's clock, and the failure's name and HTTP status if it failed.
/// Value-free unless the logger `includesValues`: only then the variables and the headers.
/// Put first, it reports each request once; after a `RetryInterceptor`, each sending.
/// - Complexity: one log entry per sending; nothing without a logger.
public struct LoggingInterceptor: RequestInterceptor {
    /// An interceptor that logs through the environment's logger.
    public init() {}

    public nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
        -> GraphQLResponse {
        guard let logger = next.logger else { return try await next.proceed(request) }
        let start = await next.now
        let result: Result<GraphQLResponse, Failure>
        do throws(Failure) { result = .success(try await next.proceed(request)) } catch { result = .failure(error) }
        let failure: Failure? = if case .failure(let failure) = result { failure } else { nil }
        let status: Int? = if case .httpStatus(let code, _)? = failure { code } else { nil }
        await MainActor.run {
            let duration = Duration.seconds(max(next.now.timeIntervalSince(start), 0))
            logger.log(.request(RequestLogEvent(
                operation: request.request.operationName, kind: request.kind, attempt: request.attempt,
                duration: duration, failure: failure?.name, status: status,
                variables: logger.includesValues ? request.request.variables : nil,
                headers: logger.includesValues ? request.request.headers : nil)))
        }
        return try result.get()
    }
}

/// One request a `LoggingInterceptor` saw end.
public struct RequestLogEvent: Hashable, Sendable, CustomStringConvertible {
    /// The operation's name.
    public let operation: String
    /// The operation's kind.
    public let kind: Artifact.Kind
    /// Which sending it was (1 for the first).
    public let attempt: Int
    /// From sending to the answer or failure, on the environment's clock.
    public let duration: Duration
    /// The failure's `name` (`http.status`, `transport.unreachable`), `nil` when answered.
    public let failure: String?
    /// The HTTP status of a non-2xx answer (`Failure.httpStatus`), else `nil`.
    public let status: Int?
    /// The variables; `nil` unless the logger `includesValues`.
    public let variables: [String: JSONValue]?
    /// The headers the pipeline set (not the transport's own); `nil` unless the logger
    /// `includesValues`.
    public let headers: [String: String]?

    /// An event with every field given.
    public init(operation: String, kind: Artifact.Kind, attempt: Int, duration: Duration, failure: String?,
                status: Int?, variables: [String: JSONValue]? = nil, headers: [String: String]? = nil) {
        self.operation = operation
        self.kind = kind
        self.attempt = attempt
        self.duration = duration
        self.failure = failure
        self.status = status
        self.variables = variables
        self.headers = headers
    }

    /// `query Viewer (attempt 1): 0.2 seconds, ok` or `…: http.status 500`.
    public var description: String {
        "\(kind.rawValue) \(operation) (attempt \(attempt)): \(duration), "
            + (failure.map { name in status.map { "\(name) \($0)" } ?? name } ?? "ok")
    }
}
