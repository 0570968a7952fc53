import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of one subscription's stream (`SSETransport`): reads the answer as
/// graphql-sse's distinct connections mode and yields `SubscriptionEvent`s, in order.
///
/// - A 2xx `text/event-stream` answer is `.opened` when its headers arrive; each `next` event
///   is decoded by `GraphQLResponse(decoding:)` and yielded as `.next`, `complete` yields
///   `.completed`. Other event types are ignored (graphql-sse sends none).
/// - A `next` that does not decode is `.failed(.undecodableResponse)` naming the event, with
///   its start; one with errors and no data is `.failed(.requestErrors)` (a server error, or
///   a request the server would not start). Either ends the stream: the events before it were
///   already yielded, so nothing that arrived is lost, and nothing after it is guessed at.
/// - A body that ends without `complete` is `.failed(.transport(.connectionLost))`, and so is a
///   dropped connection (URLSession's error, mapped by `URLErrorMapping`); a cut last event is
///   never yielded.
/// - Any other answer is read whole: a non-2xx status is `.failed(.httpStatus)`; a 2xx
///   GraphQL response (a server without SSE) is delivered as one event and completed.
///
/// URLSession calls a delegate on its serial delegate queue; the state sits in a mutex all the
/// same, since `Sendable` must hold without that knowledge.
final class EventStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private enum Answer {
        /// No response yet.
        case waiting
        /// A `text/event-stream`: events are parsed as they arrive.
        case events(ServerSentEventParser, count: Int)
        /// Any other answer, collected whole.
        case body(status: Int, Data)
    }

    private struct State {
        var answer = Answer.waiting
        var isFinished = false
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<SubscriptionEvent>.Continuation
    private let idleTimeout: Duration

    /// A delegate yielding into `continuation`; `idleTimeout` is what a URLSession timeout is
    /// reported as.
    init(continuation: AsyncStream<SubscriptionEvent>.Continuation, idleTimeout: Duration) {
        self.continuation = continuation
        self.idleTimeout = idleTimeout
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let response = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return finish(dataTask, .failed(.transport(.connectionLost,
                                                       underlying: "the answer was not an HTTP response")))
        }
        let contentType = response.value(forHTTPHeaderField: "Content-Type") ?? ""
        let isStream = (200..<300).contains(response.statusCode)
            && contentType.lowercased().hasPrefix("text/event-stream")
        state.withLock { state in
            state.answer = isStream ? .events(ServerSentEventParser(), count: 0)
                                    : .body(status: response.statusCode, Data())
        }
        if isStream { continuation.yield(.opened) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let outcome: [SubscriptionEvent] = state.withLock { state in
            switch state.answer {
            case .waiting:
                return []
            case .body(let status, var body):
                body.append(data)
                state.answer = .body(status: status, body)
                return []
            case .events(var parser, let count):
                let (events, delivered) = Self.read(parser.events(in: data), after: count)
                state.answer = .events(parser, count: delivered)
                return events
            }
        }
        for event in outcome {
            switch event {
            case .opened, .next: continuation.yield(event)
            case .completed, .failed: return finish(dataTask, event)
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        let answer = state.withLock { $0.answer }
        if let error {
            return finish(task, .failed(URLErrorMapping.failure(for: error, timeout: idleTimeout)))
        }
        switch answer {
        case .waiting, .events:
            finish(task, .failed(.transport(.connectionLost,
                                            underlying: "the server ended the event stream without a complete event")))
        case .body(let status, let body):
            guard (200..<300).contains(status) else {
                return finish(task, .failed(.httpStatus(code: status, body: GraphQLResponse.snippet(of: body))))
            }
            do throws(Failure) {
                let response = try GraphQLResponse.checked(decoding: body)
                continuation.yield(.opened)
                continuation.yield(.next(response))
                finish(task, .completed)
            } catch {
                finish(task, .failed(error))
            }
        }
    }

    /// The subscription events of parsed SSE events, the stream's `count` events so far
    /// before them; reading stops at the first that ends the stream.
    private static func read(_ events: [ServerSentEvent], after count: Int) -> ([SubscriptionEvent], Int) {
        var delivered = count
        var out: [SubscriptionEvent] = []
        for event in events {
            switch event.name {
            case "next":
                delivered += 1
                do throws(Failure) {
                    out.append(.next(try GraphQLResponse.checked(decoding: event.data)))
                } catch .undecodableResponse(let reason, let snippet) {
                    out.append(.failed(.undecodableResponse(reason: "event \(delivered) of the stream: \(reason)",
                                                            snippet: snippet)))
                    return (out, delivered)
                } catch {
                    out.append(.failed(error))
                    return (out, delivered)
                }
            case "complete":
                out.append(.completed)
                return (out, delivered)
            default:
                continue
            }
        }
        return (out, delivered)
    }

    /// Yields `event`, the stream's last, ends the stream and cancels `task`; only the first
    /// call does anything (cancelling makes URLSession report an error that must not count).
    private func finish(_ task: URLSessionTask, _ event: SubscriptionEvent) {
        let first = state.withLock { state in
            defer { state.isFinished = true }
            return !state.isFinished
        }
        guard first else { return }
        continuation.yield(event)
        continuation.finish()
        task.cancel()
    }
}
