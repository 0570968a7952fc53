import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer in parts (`@defer`, `@stream`) over Server-Sent Events (`SSETransport`): each
/// `next` is one payload, decoded by `IncrementalPayload(decoding:)`; the payload whose
/// `hasNext` is false ends the stream, and a `complete` before it cuts it short.
struct IncrementalEventStream: StreamedAnswer {
    private var reader: GraphQLEventReader

    init?(streaming response: HTTPURLResponse, limits: StreamLimits) {
        guard GraphQLEventReader.isStream(response) else { return nil }
        reader = GraphQLEventReader(limits: limits)
    }

    var bytesCopied: Int { reader.bytesCopied }

    mutating func events(in data: Data) -> [IncrementalEvent] {
        reader.read(data, next: { bytes, number in IncrementalEvent(decoding: bytes, number: number, of: "event") },
                    complete: .failed(.transport(.connectionLost, underlying: "the server completed the stream before its last payload")),
                    failed: IncrementalEvent.failed, ends: IncrementalEvent.ends)
    }

    static var cutShort: String { "the server ended the event stream before its last payload" }
}

/// An answer in parts over HTTP, `multipart/mixed` (`HTTPTransport`): each part is one
/// payload, handed out by `MultipartMixedReader` as soon as the delimiter after it arrives; a
/// body the reader cannot follow is `.failed(.undecodableResponse)` with its reason.
struct MultipartPartStream: StreamedAnswer {
    private var reader: MultipartMixedReader
    private var count = 0

    init?(streaming response: HTTPURLResponse, limits: StreamLimits) {
        guard (200..<300).contains(response.statusCode),
              let reader = MultipartMixedReader(contentType: response.value(forHTTPHeaderField: "Content-Type") ?? "",
                                                partLimit: limits.partBytes)
        else { return nil }
        self.reader = reader
    }

    var bytesCopied: Int { reader.bytesCopied }

    /// The payloads of the parts `data` completes, then the reader's failure if it has one.
    mutating func events(in data: Data) -> [IncrementalEvent] {
        var parts: [[UInt8]] = []
        var failure: Failure?
        do { try reader.read(data, into: &parts) } catch {
            failure = .undecodableResponse(reason: "\(error)", snippet: "")
        }
        var events: [IncrementalEvent] = []
        for part in parts {
            count += 1
            let event = IncrementalEvent(decoding: Data(part), number: count, of: "part")
            events.append(event)
            if IncrementalEvent.ends(event) { return events }
        }
        if let failure { events.append(.failed(failure)) }
        return events
    }

    static var cutShort: String { "the server ended the multipart answer before its last payload" }

    /// A body with no delimiter of its boundary was not the multipart answer its headers said.
    var failureAtEnd: Failure? {
        reader.endOfBodyError.map { .undecodableResponse(reason: "\($0)", snippet: "") }
    }
}

/// What the two readings of an answer in parts share: nothing is yielded as the stream opens,
/// the payload after which none follows (or a failure) is the last, and an answer in one piece
/// is one payload.
extension StreamedAnswer where Event == IncrementalEvent {
    static var opening: [IncrementalEvent] { [] }

    static func ends(_ event: IncrementalEvent) -> Bool { IncrementalEvent.ends(event) }

    static func events(ofWhole response: GraphQLResponse) -> [IncrementalEvent] {
        [.payload(IncrementalPayload(response: response))]
    }

    static func failed(_ failure: Failure) -> IncrementalEvent { .failed(failure) }
}
