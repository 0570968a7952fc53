import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that POSTs each request as GraphQL-over-HTTP JSON through URLSession.
///
/// Every ending is mapped to a `Failure` kind: a refused or unresolvable connection is
/// `transport(.unreachable)`, a connection dropped mid-answer `transport(.connectionLost)`, a
/// non-2xx status `httpStatus`, a body that is not a GraphQL response `undecodableResponse`,
/// errors without data `requestErrors`, no answer within `timeout` `timedOut`, and task
/// cancellation `cancelled`.
///
/// Subscriptions: plain HTTP has no stream, so `subscribe` POSTs the subscription and
/// delivers the server's one answer as one event, then completes. `SSETransport` streams them
/// (GraphQL over Server-Sent Events).
public final class HTTPTransport: Transport {
    /// The GraphQL endpoint.
    public let url: URL
    /// How long a request may take, from sending to the last byte of the answer.
    public let timeout: Duration
    /// Extra headers sent with every request (a client name); a request's own
    /// (`GraphQLRequest.headers`, set per request by the environment's interceptors) go over
    /// them.
    public let headers: [String: String]
    /// How long a part of an answer in parts may be (and an event, over `SSETransport`): one
    /// past it fails the request, naming the limit.
    public let limits: StreamLimits
    private let session: URLSession

    /// A transport to `url`, with its own ephemeral URLSession (no cookies, no URL cache).
    /// `timeout` defaults to 30 seconds, `limits` to `StreamLimits.default` (64 MiB a part).
    public init(url: URL, timeout: Duration = .seconds(30), headers: [String: String] = [:],
                limits: StreamLimits = .default) {
        self.url = url
        self.timeout = timeout
        self.headers = headers
        self.limits = limits
        session = URLSession(configuration: Self.sessionConfiguration(
            idleTimeout: timeout, resourceTimeout: Self.sessionTimeout(timeout)))
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The configuration of the transports' sessions: ephemeral (no cookies, no credentials
    /// kept), `idleTimeout` between bytes, `resourceTimeout` seconds in all, and no URL cache.
    /// A GraphQL POST has nothing to cache, and with a cache swift-corelibs-foundation looks
    /// each task up in it on a background queue before the task can be cancelled in order: a
    /// cancel in that window reaches a task the session already forgot, a fatal error ("a task
    /// that in not in the registry"; CI under AddressSanitizer, 2026-12-04).
    static func sessionConfiguration(idleTimeout: Duration, resourceTimeout: TimeInterval) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = sessionTimeout(idleTimeout)
        configuration.timeoutIntervalForResource = resourceTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return configuration
    }

    /// - Complexity: one HTTP round trip; decoding is O(body size).
    public nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
        let (body, status) = try await send(try urlRequest(for: request))
        guard (200..<300).contains(status) else {
            throw .httpStatus(code: status, body: GraphQLResponse.snippet(of: body))
        }
        return try GraphQLResponse.checked(decoding: body)
    }

    /// POSTs `request` accepting `multipart/mixed` (then JSON) and yields each part's payload
    /// as it arrives (`MultipartPartStream` says how it reads; a JSON answer is one payload).
    /// `timeout` bounds the silence between bytes; the answer as a whole has none.
    /// - Complexity: one connection for the answer's life; O(part size) per part.
    public func executeIncrementally(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent> {
        stream(request, accept: "multipart/mixed, application/json;q=0.9", idleTimeout: timeout, as: MultipartPartStream.self)
    }

    /// POSTs `request` with `accept` and yields the events of its answer as `Answer` reads
    /// them, on a URLSession of its own: `idleTimeout` bounds the silence between bytes, the
    /// answer as a whole has none (a week). Ending the iteration closes the connection.
    func stream<Answer: StreamedAnswer>(_ request: GraphQLRequest, accept: String, idleTimeout: Duration,
                                        as answer: Answer.Type) -> AsyncStream<Answer.Event> {
        let urlRequest: URLRequest
        do { urlRequest = try self.urlRequest(for: request, accept: accept) } catch {
            return AsyncStream { continuation in
                continuation.yield(Answer.failed(error))
                continuation.finish()
            }
        }
        return AsyncStream { continuation in
            let configuration = Self.sessionConfiguration(idleTimeout: idleTimeout, resourceTimeout: 7 * 24 * 3600)
            let delegate = StreamedAnswerDelegate<Answer>(continuation: continuation, timeout: idleTimeout, limits: limits)
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            var streaming = urlRequest
            streaming.timeoutInterval = Self.sessionTimeout(idleTimeout)
            let task = session.dataTask(with: streaming)
            continuation.onTermination = { _ in
                task.cancel()
                session.invalidateAndCancel()
            }
            task.resume()
        }
    }

    public func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> {
        AsyncStream { continuation in
            let task = Task {
                do throws(Failure) {
                    let response = try await execute(request)
                    continuation.yield(.opened)
                    continuation.yield(.next(response))
                    continuation.yield(.completed)
                } catch {
                    continuation.yield(.failed(error))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The POST of `request` to `url`, with `accept` as the Accept header (`SSETransport`
    /// asks for `text/event-stream`).
    func urlRequest(for request: GraphQLRequest, accept: String = "application/json") throws(Failure) -> URLRequest {
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: Self.sessionTimeout(timeout))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do { urlRequest.httpBody = try encoder.encode(request) } catch {
            // A JSONValue always encodes unless a double is not finite, which no server accepts.
            throw .requestErrors([GraphQLError(message: "the variables do not encode as JSON: \(error)")])
        }
        return urlRequest
    }

    /// URLSession's own timeout, a backstop behind the transport's timer: on Linux,
    /// swift-corelibs-foundation truncates it to whole seconds (0.5 s times out at once), so
    /// it is rounded up and given a second's margin.
    static func sessionTimeout(_ timeout: Duration) -> Double {
        (timeout / .seconds(1)).rounded(.up) + 1
    }

    /// Sends `request` and returns the body and status, mapping every way it can fail.
    private func send(_ request: URLRequest) async throws(Failure) -> (Data, Int) {
        let running = RunningTask()
        let timer = Task { [timeout] in
            do { try await Task.sleep(for: timeout) } catch { return }
            running.timeOut()
        }
        defer { timer.cancel() }
        let result: Result<(Data, Int), Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { [timeout] data, response, error in
                    continuation.resume(returning: Self.result(data, response, error, timeout: timeout))
                }
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
        if case .failure(.cancelled) = result, running.didTimeOut {
            throw .timedOut(after: timeout)
        }
        return try result.get()
    }

    private static func result(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?,
                               timeout: Duration) -> Result<(Data, Int), Failure> {
        if let error {
            return .failure(URLErrorMapping.failure(for: error, timeout: timeout))
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(.transport(.connectionLost, underlying: "the answer was not an HTTP response"))
        }
        return .success((data ?? Data(), response.statusCode))
    }
}
