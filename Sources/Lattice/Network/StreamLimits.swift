/// How large one piece of a streamed answer may grow before the answer fails: a part of a
/// `multipart/mixed` answer (`HTTPTransport`), a line or an event of an event stream
/// (`SSETransport`). A piece is held in memory until it is whole, so without a limit a server
/// that never ends one (a broken or hostile one) grows the app's memory without bound.
///
/// A piece past its limit fails the request with `Failure.undecodableResponse`, whose reason
/// names the limit (`StreamLimits.partBytes`, `StreamLimits.eventBytes`) and its value; a
/// subscription does not reconnect after it (the server would send it again).
public struct StreamLimits: Hashable, Sendable {
    /// The longest part of a `multipart/mixed` answer (one payload of `@defer`/`@stream`), in
    /// bytes. Defaults to 64 MiB.
    public var partBytes: Int
    /// The longest event of an event stream, in bytes: a line, and the data lines of one event
    /// together (one subscription event, or one payload of an answer in parts). Defaults to
    /// 64 MiB.
    public var eventBytes: Int

    /// 64 MiB a part, 64 MiB an event: above any answer a screen shows (a 50 MB payload
    /// passes), far below what exhausts a device.
    public static let `default` = StreamLimits()

    /// Limits of `partBytes` a part and `eventBytes` an event.
    public init(partBytes: Int = 64 << 20, eventBytes: Int = 64 << 20) {
        self.partBytes = partBytes
        self.eventBytes = eventBytes
    }
}
