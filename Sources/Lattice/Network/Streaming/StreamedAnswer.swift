import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How one kind of streamed answer reads (`StreamedAnswerDelegate`): which answers are its
/// streams, how their bytes become events as they arrive, and which event is the last.
/// Three kinds: a subscription over Server-Sent Events (`SubscriptionEventStream`), and an
/// answer in parts over Server-Sent Events or `multipart/mixed` (`IncrementalEventStream`,
/// `MultipartPartStream`).
protocol StreamedAnswer: Sendable {
    associatedtype Event: Sendable

    /// A reader of `response`'s body when it is this kind's stream (a 2xx with its content
    /// type), whose pieces (parts, events) may be as long as `limits` says; `nil` otherwise,
    /// and the body is read whole.
    init?(streaming response: HTTPURLResponse, limits: StreamLimits)

    /// The bytes the reader copied beyond appending each chunk once (`ByteBuffer.bytesCopied`):
    /// what shows that reading a stream is linear in its length.
    var bytesCopied: Int { get }

    /// What is yielded when the stream's headers arrive, before any event.
    static var opening: [Event] { get }

    /// The events the next bytes complete, in order; the last of them may end the stream.
    mutating func events(in data: Data) -> [Event]

    /// Whether `event` is the stream's last.
    static func ends(_ event: Event) -> Bool

    /// The events of a 2xx answer that is not a stream: a server that answered in one piece.
    static func events(ofWhole response: GraphQLResponse) -> [Event]

    /// The event of a failure.
    static func failed(_ failure: Failure) -> Event

    /// Why a body that ended before the stream's last event was cut short.
    static var cutShort: String { get }

    /// The failure of a body that ended, here, before the stream's last event, when it is not
    /// one cut short (a body that never was the stream its headers announced); `nil` for one
    /// cut short.
    var failureAtEnd: Failure? { get }
}

extension StreamedAnswer {
    /// None: a body that ends early was cut short.
    var failureAtEnd: Failure? { nil }
}
