import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Lattice

/// The delegate that reads a streamed answer as URLSession hands it over, driven here by the
/// calls URLSession makes (a response, then chunks), with no network: what its buffering
/// costs, counted in bytes copied rather than timed, and what a stream's pieces past their
/// limits, or an epilogue, or the chunking, make of the answer.
@Suite(.hangGuard)
struct StreamedAnswerDelegateTests {
    static let initial = #"{"data": {"a": 1}, "pending": [{"id": "0", "path": [], "label": "b"}], "hasNext": true}"#
    static let last = #"{"incremental": [{"id": "0", "data": {"b": 2}}], "completed": [{"id": "0"}], "hasNext": false}"#

    /// What the delegate yielded for `chunks` of an answer of `contentType`, and the bytes its
    /// reader copied beyond appending each chunk once.
    static func deliver<Answer: StreamedAnswer>(_ answer: Answer.Type, contentType: String, _ chunks: [Data],
                                                limits: StreamLimits = .default) async throws
        -> (events: [Answer.Event], bytesCopied: Int) {
        let (stream, continuation) = AsyncStream.makeStream(of: Answer.Event.self)
        let delegate = StreamedAnswerDelegate<Answer>(continuation: continuation, timeout: .seconds(30), limits: limits)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = try #require(URL(string: "http://127.0.0.1:9/graphql"))
        let task = session.dataTask(with: url)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                    headerFields: ["Content-Type": contentType]))
        delegate.urlSession(session, dataTask: task, didReceive: response) { _ in }
        for chunk in chunks { delegate.urlSession(session, dataTask: task, didReceive: chunk) }
        let copied = delegate.bytesCopied
        continuation.finish()
        var events: [Answer.Event] = []
        for await event in stream { events.append(event) }
        return (events, copied)
    }

    /// `bytes` cut into chunks of `size`.
    static func chunks(_ bytes: [UInt8], size: Int) -> [Data] {
        stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// A part that keeps coming, fed in 10,000 small chunks, is appended once: the reader
    /// copies no more bytes than the answer has (the delegate's state copied the whole buffer
    /// on each chunk: 10,000 chunks of 16 bytes copied 800 MB, quadratic).
    @Test func aLongPartInManyChunksIsBufferedInLinearWork() async throws {
        let opening = Array("\r\n---\r\nContent-Type: application/json\r\n\r\n{\"data\":{\"s\":\"".utf8)
        let body = opening + [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 10_000)
        let read = try await Self.deliver(MultipartPartStream.self, contentType: "multipart/mixed; boundary=\"-\"",
                                          Self.chunks(body, size: 16))
        #expect(read.events.isEmpty)
        #expect(read.bytesCopied <= body.count, "\(read.bytesCopied) bytes copied for \(body.count) received")
    }

    /// The same for a line of an event stream that keeps coming.
    @Test func aLongEventLineInManyChunksIsBufferedInLinearWork() async throws {
        let body = Array("event: next\ndata: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 10_000)
        let read = try await Self.deliver(SubscriptionEventStream.self, contentType: "text/event-stream",
                                          Self.chunks(body, size: 16))
        #expect(read.events == [.opened])
        #expect(read.bytesCopied <= body.count, "\(read.bytesCopied) bytes copied for \(body.count) received")
    }

    /// A part past `StreamLimits.partBytes` fails the answer with a reason that names the
    /// limit; the payloads before it stand.
    @Test func aPartPastTheLimitFailsTheAnswerNamingTheLimit() async throws {
        let body = Array(("\r\n---\r\n\r\n" + Self.initial + "\r\n---\r\n\r\n"
                          + String(repeating: "x", count: 5_000)).utf8)
        let read = try await Self.deliver(MultipartPartStream.self, contentType: "multipart/mixed; boundary=\"-\"",
                                          Self.chunks(body, size: 1_000), limits: StreamLimits(partBytes: 4_096))
        #expect(read.events.count == 2)
        guard case .payload? = read.events.first,
              case .failed(.undecodableResponse(let reason, _))? = read.events.last else {
            Issue.record("\(read.events)")
            return
        }
        #expect(reason == "part 2 of the multipart body is longer than the limit of 4096 bytes (StreamLimits.partBytes)")
    }

    /// An event past `StreamLimits.eventBytes` ends a subscription failed, naming the limit;
    /// such a failure is not retried (the server would send the event again).
    @Test func anEventPastTheLimitFailsTheStreamNamingTheLimit() async throws {
        let body = Array(("event: next\ndata: {\"data\":{}}\n\nevent: next\ndata: " + String(repeating: "x", count: 5_000)).utf8)
        let read = try await Self.deliver(SubscriptionEventStream.self, contentType: "text/event-stream",
                                          Self.chunks(body, size: 1_000), limits: StreamLimits(eventBytes: 4_096))
        guard case .failed(let failure)? = read.events.last else {
            Issue.record("\(read.events)")
            return
        }
        #expect(read.events.prefix(2) == [.opened, .next(GraphQLResponse(data: .object([:])))])
        #expect(failure.description.contains("limit of 4096 bytes (StreamLimits.eventBytes)"), "\(failure)")
        #expect(!ReconnectPolicy.isRetryable(failure))
    }

    /// `event: complete` without a data line (older graphql-yoga) is the stream's proper end,
    /// not a drop to reconnect after.
    @Test func aCompleteWithoutDataEndsTheSubscription() async throws {
        let read = try await Self.deliver(SubscriptionEventStream.self, contentType: "text/event-stream",
                                          [Data("event: next\ndata: {\"data\":{}}\n\nevent: complete\n\n".utf8)])
        #expect(read.events == [.opened, .next(GraphQLResponse(data: .object([:]))), .completed])
    }

    /// A whole answer in parts followed by stray bytes after its closing delimiter (an
    /// epilogue) reads the same however it is cut: split at every position, every payload
    /// arrives and the answer ends with the last (one cut lost the whole answer, when the close
    /// and the stray bytes came in one chunk).
    @Test func anAnswerWithAnEpilogueReadsTheSameCutAnywhere() async throws {
        let body = Array(("\r\n---\r\nContent-Type: application/json\r\n\r\n" + Self.initial
                          + "\r\n---\r\nContent-Type: application/json\r\n\r\n" + Self.last
                          + "\r\n-----\r\nstray bytes after the close").utf8)
        let whole = try await Self.deliver(MultipartPartStream.self, contentType: "multipart/mixed; boundary=\"-\"",
                                           [Data(body)]).events
        #expect(whole.count == 2)
        guard case .payload(let last)? = whole.last else {
            Issue.record("\(whole)")
            return
        }
        #expect(!last.hasNext)
        for cut in 1..<body.count {
            let read = try await Self.deliver(MultipartPartStream.self, contentType: "multipart/mixed; boundary=\"-\"",
                                              [Data(body[..<cut]), Data(body[cut...])]).events
            #expect(read == whole, "cut at \(cut)")
        }
    }
}
