import Foundation

/// One event of a `text/event-stream` body, as the Server-Sent Events format dispatches it:
/// its type (`event:`, `message` when absent) and its data (the `data:` lines joined by
/// newlines), kept as bytes so a JSON payload goes straight to `GraphQLResponse(decoding:)`.
struct ServerSentEvent: Hashable, Sendable {
    /// The event type; `message` when the event named none.
    var name: String
    /// The event's data, UTF-8; empty for an event that named its type and had no data line.
    var data: Data
}
