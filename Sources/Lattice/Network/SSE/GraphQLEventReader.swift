import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The events of a `text/event-stream` answer as GraphQL over Server-Sent Events sends them
/// (graphql-sse's distinct connections mode): each `next` carries a payload, `complete` ends
/// the stream, other event types are ignored. Shared by subscriptions and answers in parts,
/// which differ in what a `next` holds.
struct GraphQLEventReader: Sendable {
    private var parser: ServerSentEventParser
    /// The `next` events read so far.
    private var count = 0

    /// A reader whose events may be `limits.eventBytes` long at most.
    init(limits: StreamLimits) {
        parser = ServerSentEventParser(eventLimit: limits.eventBytes)
    }

    /// The bytes the reader copied beyond appending each line once: what shows that its
    /// buffering is linear.
    var bytesCopied: Int { parser.bytesCopied }

    /// Whether `response` is an event stream: a 2xx `text/event-stream`.
    static func isStream(_ response: HTTPURLResponse) -> Bool {
        (200..<300).contains(response.statusCode)
            && (response.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased().hasPrefix("text/event-stream")
    }

    /// The events `data` completes: `next(bytes, number)` for each `next` (numbered from 1),
    /// `complete` for `complete` (with or without data), `failed` for an event past the
    /// limit after those before it; reading stops after the first that `ends`.
    /// - Complexity: O(data size) plus what `next` costs.
    mutating func read<Event>(_ data: Data, next: (Data, Int) -> Event, complete: Event,
                              failed: (Failure) -> Event, ends: (Event) -> Bool) -> [Event] {
        var events: [ServerSentEvent] = []
        var failure: Failure?
        do throws(Failure) { try parser.events(in: data, into: &events) } catch { failure = error }
        var out: [Event] = []
        for event in events {
            let read: Event
            switch event.name {
            case "next":
                count += 1
                read = next(event.data, count)
            case "complete":
                read = complete
            default:
                continue
            }
            out.append(read)
            if ends(read) { return out }
        }
        if let failure { out.append(failed(failure)) }
        return out
    }
}
