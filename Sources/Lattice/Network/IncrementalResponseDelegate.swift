import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of one incremental answer over HTTP (`HTTPTransport`): reads a
/// `multipart/mixed` body part by part as it arrives and yields each part's payload.
///
/// - Each part is decoded by `IncrementalPayload(decoding:)` and yielded at once; the first
///   must carry data, else its errors are `.failed(.requestErrors)`. A part that does not
///   decode is `.failed(.undecodableResponse)` naming the part; it ends the stream, and what
///   came before stands.
/// - The body ending before the payload whose `hasNext` is false (a dropped connection, or a
///   closing delimiter too early) is `.failed(.transport(.connectionLost))`.
/// - Any other answer is read whole: a non-2xx status is `.failed(.httpStatus)`; a 2xx JSON
///   response (a server that did not defer) is one payload.
final class IncrementalResponseDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private enum Answer {
        case waiting
        case parts(MultipartMixedReader, count: Int, done: Bool)
        case body(status: Int, Data)
    }

    private struct State {
        var answer = Answer.waiting
        var isFinished = false
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<IncrementalEvent>.Continuation
    private let timeout: Duration

    init(continuation: AsyncStream<IncrementalEvent>.Continuation, timeout: Duration) {
        self.continuation = continuation
        self.timeout = timeout
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let response = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return finish(dataTask, .failed(.transport(.connectionLost, underlying: "the answer was not an HTTP response")))
        }
        let boundary = (200..<300).contains(response.statusCode)
            ? MultipartMixedReader.boundary(ofContentType: response.value(forHTTPHeaderField: "Content-Type") ?? "")
            : nil
        state.withLock { state in
            state.answer = boundary.map { .parts(MultipartMixedReader(boundary: $0), count: 0, done: false) }
                ?? .body(status: response.statusCode, Data())
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events: [IncrementalEvent] = state.withLock { state in
            switch state.answer {
            case .waiting:
                return []
            case .body(let status, var body):
                body.append(data)
                state.answer = .body(status: status, body)
                return []
            case .parts(var reader, let count, let done):
                let parts: [[UInt8]]
                do { parts = try reader.read(data) } catch {
                    return [.failed(.undecodableResponse(reason: "\(error)", snippet: ""))]
                }
                var events: [IncrementalEvent] = []
                var delivered = count
                var finished = done
                for part in parts where !finished {
                    delivered += 1
                    let event = Self.event(part, number: delivered)
                    events.append(event)
                    if case .payload(let payload) = event { finished = !payload.hasNext } else { finished = true }
                }
                state.answer = .parts(reader, count: delivered, done: finished)
                return events
            }
        }
        for event in events {
            switch event {
            case .payload(let payload):
                continuation.yield(event)
                if !payload.hasNext { return finish(dataTask, nil) }
            case .failed:
                return finish(dataTask, event)
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        let answer = state.withLock { $0.answer }
        if let error {
            return finish(task, .failed(URLErrorMapping.failure(for: error, timeout: timeout)))
        }
        switch answer {
        case .waiting, .parts:
            finish(task, .failed(.transport(.connectionLost,
                                            underlying: "the server ended the multipart answer before its last payload")))
        case .body(let status, let body):
            guard (200..<300).contains(status) else {
                return finish(task, .failed(.httpStatus(code: status, body: GraphQLResponse.snippet(of: body))))
            }
            do throws(Failure) {
                continuation.yield(.payload(IncrementalPayload(response: try GraphQLResponse.checked(decoding: body))))
                finish(task, nil)
            } catch {
                finish(task, .failed(error))
            }
        }
    }

    /// The event of the `number`th part's bytes.
    private static func event(_ part: [UInt8], number: Int) -> IncrementalEvent {
        let payload: IncrementalPayload
        do { payload = try IncrementalPayload(decoding: Data(part)) } catch {
            return .failed(.undecodableResponse(reason: "part \(number) of the multipart answer: \(error)",
                                                snippet: GraphQLResponse.snippet(of: Data(part))))
        }
        if number == 1, let response = payload.response {
            do { _ = try response.checked(snippet: GraphQLResponse.snippet(of: Data(part))) } catch { return .failed(error) }
        }
        return .payload(payload)
    }

    /// Yields `event` if any, ends the stream and cancels `task`; only the first call acts.
    private func finish(_ task: URLSessionTask, _ event: IncrementalEvent?) {
        let first = state.withLock { state in
            defer { state.isFinished = true }
            return !state.isFinished
        }
        guard first else { return }
        if let event { continuation.yield(event) }
        continuation.finish()
        task.cancel()
    }
}
