import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A subscription's answer over Server-Sent Events (`SSETransport.subscribe`).
///
/// A 2xx `text/event-stream` is `.opened` when its headers arrive; each `next` is decoded by
/// `GraphQLResponse(decoding:)` and yielded as `.next`, and `complete` yields `.completed`. A
/// `next` that does not decode is `.failed(.undecodableResponse)` naming the event, with its
/// start; one with errors and no data is `.failed(.requestErrors)` (a server error, or a
/// request the server would not start). Either ends the stream: the events before it were
/// already yielded, so nothing that arrived is lost, and nothing after it is guessed at. A
/// server without SSE that answers in one piece gives that answer as the one event.
struct SubscriptionEventStream: StreamedAnswer {
    private var reader: GraphQLEventReader

    init?(streaming response: HTTPURLResponse, limits: StreamLimits) {
        guard GraphQLEventReader.isStream(response) else { return nil }
        reader = GraphQLEventReader(limits: limits)
    }

    var bytesCopied: Int { reader.bytesCopied }

    static var opening: [SubscriptionEvent] { [.opened] }

    mutating func events(in data: Data) -> [SubscriptionEvent] {
        reader.read(data, next: { bytes, number in
            do throws(Failure) {
                return .next(try GraphQLResponse.checked(decoding: bytes))
            } catch .undecodableResponse(let reason, let snippet) {
                return .failed(.undecodableResponse(reason: "event \(number) of the stream: \(reason)", snippet: snippet))
            } catch {
                return .failed(error)
            }
        }, complete: .completed, failed: SubscriptionEvent.failed, ends: Self.ends)
    }

    static func ends(_ event: SubscriptionEvent) -> Bool {
        switch event {
        case .completed, .failed: true
        case .opened, .next: false
        }
    }

    static func events(ofWhole response: GraphQLResponse) -> [SubscriptionEvent] {
        [.opened, .next(response), .completed]
    }

    static func failed(_ failure: Failure) -> SubscriptionEvent { .failed(failure) }

    static var cutShort: String { "the server ended the event stream without a complete event" }
}
