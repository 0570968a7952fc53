import Foundation

/// Reads a `text/event-stream` body as it arrives, in chunks cut anywhere (inside a line, a
/// UTF-8 sequence, a CRLF), and returns the events each chunk completes.
///
/// It follows the HTML standard's event stream interpretation: lines end at CR, LF or CRLF; a
/// blank line dispatches the event; `event` and `data` fields are kept, `id` and `retry` and
/// unknown fields ignored (graphql-sse uses neither), `:` lines are comments (keep-alives); a
/// leading BOM is skipped. One departure: an event with no data line is dispatched when it
/// names its type (with empty data), since older graphql-yoga ends a stream with
/// `event: complete` and no data; an event with neither is not. What is left when the body
/// ends (a cut event) is never dispatched, so a drop mid-event yields nothing partial.
///
/// An event (a line, and the data lines of one event together) may be `eventLimit` bytes
/// long at most, so a line that never ends fails instead of growing memory without bound.
struct ServerSentEventParser {
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    private let eventLimit: Int
    private var line = ByteBuffer()
    private var name: String?
    private var data: Data?
    /// A CR ended the last line: a LF right after it belongs to that line end.
    private var afterCR = false
    private var atStart = true

    /// A parser whose events may be `eventLimit` bytes long at most.
    init(eventLimit: Int) {
        self.eventLimit = eventLimit
    }

    /// The bytes the parser copied beyond appending each line's bytes once
    /// (`ByteBuffer.bytesCopied`): what shows that its buffering is linear.
    var bytesCopied: Int { line.bytesCopied }

    /// Appends the events that `chunk` completes to `events`, in order.
    /// - Throws: `Failure.undecodableResponse` naming the limit when the event being read is
    ///   past `eventLimit`; the events completed before it are in `events`.
    /// - Complexity: O(chunk size), a line's bytes appended once.
    mutating func events(in chunk: Data, into events: inout [ServerSentEvent]) throws(Failure) {
        let tooLong = chunk.withUnsafeBytes { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                if afterCR {
                    afterCR = false
                    if bytes[index] == Self.lineFeed {
                        index += 1
                        continue
                    }
                }
                var end = index
                while end < bytes.count, bytes[end] != Self.carriageReturn, bytes[end] != Self.lineFeed { end += 1 }
                line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                if line.count + (data?.count ?? 0) > eventLimit { return true }
                guard end < bytes.count else { break }
                afterCR = bytes[end] == Self.carriageReturn
                endLine(into: &events)
                index = end + 1
            }
            return false
        }
        if tooLong {
            throw .undecodableResponse(reason: "an event of the stream is longer than the limit of \(eventLimit) bytes (StreamLimits.eventBytes)",
                                       snippet: "")
        }
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll() }
        var skip = 0
        if atStart {
            atStart = false
            if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { skip = 3 }
        }
        guard line.count > skip else {
            if data != nil || name != nil {
                events.append(ServerSentEvent(name: name ?? "message", data: data ?? Data()))
            }
            name = nil
            data = nil
            return
        }
        line.withUnsafeBufferPointer { whole in
            let bytes = UnsafeBufferPointer(rebasing: whole[skip...])
            if bytes.first == UInt8(ascii: ":") { return }
            let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            var value = bytes[colon...].dropFirst()
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
            switch String(decoding: bytes[..<colon], as: UTF8.self) {
            case "event":
                name = String(decoding: value, as: UTF8.self)
            case "data":
                if data == nil {
                    data = Data(value)
                } else {
                    data?.append(Self.lineFeed)
                    data?.append(contentsOf: value)
                }
            default:
                break
            }
        }
    }
}
