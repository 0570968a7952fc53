import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of one streamed answer: reads the body as it arrives, as `Answer`
/// says, and yields its events in order; one delegate for subscriptions over Server-Sent
/// Events and for answers in parts, which differ only in how their bytes read.
///
/// - A stream (`Answer(streaming:)` takes the response) yields `Answer.opening` when its
///   headers arrive, then each event its bytes complete; the event `Answer.ends` ends it.
/// - A body that ends before that event, or a dropped connection (URLSession's error, mapped by
///   `URLErrorMapping`), is `.failed(.transport(.connectionLost))`; what was yielded stands,
///   and a cut last event or part is never yielded.
/// - Any other answer is read whole: a non-2xx status is `.failed(.httpStatus)`; a 2xx
///   GraphQL response (a server that does not stream) gives `Answer.events(ofWhole:)`.
///
/// URLSession calls a delegate on its serial delegate queue; the state sits in a mutex all the
/// same, since `Sendable` must hold without that knowledge.
final class StreamedAnswerDelegate<Answer: StreamedAnswer>: NSObject, URLSessionDataDelegate, Sendable {
    private enum Body {
        /// No response yet.
        case waiting
        /// A stream: read as it arrives.
        case streaming(Answer)
        /// Any other answer, collected whole.
        case whole(status: Int, Data)
    }

    private struct State {
        var body = Body.waiting
        var isFinished = false
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<Answer.Event>.Continuation
    private let timeout: Duration

    private let limits: StreamLimits

    /// A delegate yielding into `continuation`; `timeout` is what a URLSession timeout is
    /// reported as, `limits` how long a stream's parts or events may be.
    init(continuation: AsyncStream<Answer.Event>.Continuation, timeout: Duration, limits: StreamLimits) {
        self.continuation = continuation
        self.timeout = timeout
        self.limits = limits
    }

    /// The bytes the stream's reader copied beyond appending each chunk once (0 before a
    /// stream's headers, or for an answer read whole): what shows that reading is linear.
    var bytesCopied: Int {
        state.withLock { state in
            guard case .streaming(let stream) = state.body else { return 0 }
            return stream.bytesCopied
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let response = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return finish(dataTask, with: [Answer.failed(.transport(.connectionLost,
                                                                    underlying: "the answer was not an HTTP response"))])
        }
        let stream = Answer(streaming: response, limits: limits)
        state.withLock { state in
            state.body = stream.map(Body.streaming) ?? .whole(status: response.statusCode, Data())
        }
        if stream != nil { for event in Answer.opening { continuation.yield(event) } }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events: [Answer.Event] = state.withLock { state in
            switch state.body {
            case .waiting:
                return []
            // Each body is taken out of the state while it grows, so that its bytes are not
            // shared with the state and appending copies none (kept there too, every chunk
            // copied the whole body: 45.6 s for a 50 MB part in 64 KiB chunks).
            case .whole(let status, var body):
                state.body = .waiting
                body.append(data)
                state.body = .whole(status: status, body)
                return []
            case .streaming(var stream):
                state.body = .waiting
                let events = stream.events(in: data)
                state.body = .streaming(stream)
                return events
            }
        }
        guard let last = events.firstIndex(where: Answer.ends) else {
            for event in events { continuation.yield(event) }
            return
        }
        finish(dataTask, with: Array(events[...last]))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        let body = state.withLock { $0.body }
        if let error {
            return finish(task, with: [Answer.failed(URLErrorMapping.failure(for: error, timeout: timeout))])
        }
        switch body {
        case .waiting:
            finish(task, with: [Answer.failed(.transport(.connectionLost, underlying: Answer.cutShort))])
        case .streaming(let stream):
            finish(task, with: [Answer.failed(stream.failureAtEnd ?? .transport(.connectionLost, underlying: Answer.cutShort))])
        case .whole(let status, let body):
            guard (200..<300).contains(status) else {
                return finish(task, with: [Answer.failed(.httpStatus(code: status, body: GraphQLResponse.snippet(of: body)))])
            }
            do throws(Failure) {
                finish(task, with: Answer.events(ofWhole: try GraphQLResponse.checked(decoding: body)))
            } catch {
                finish(task, with: [Answer.failed(error)])
            }
        }
    }

    /// Yields `events`, the stream's last, ends the stream and cancels `task`; only the first
    /// call does anything (cancelling makes URLSession report an error that must not count).
    private func finish(_ task: URLSessionTask, with events: [Answer.Event]) {
        let first = state.withLock { state in
            defer { state.isFinished = true }
            return !state.isFinished
        }
        guard first else { return }
        for event in events { continuation.yield(event) }
        continuation.finish()
        task.cancel()
    }
}
