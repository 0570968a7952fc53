import Foundation

/// Reads a `text/event-stream` body as it arrives, in chunks cut anywhere (inside a line, a
/// UTF-8 sequence, a CRLF), and returns the events each chunk completes.
///
/// It follows the HTML standard's event stream interpretation: lines end at CR, LF or CRLF; a
/// blank line dispatches the event; `event` and `data` fields are kept, `id` and `retry` and
/// unknown fields ignored (graphql-sse uses neither), `:` lines are comments (keep-alives); an
/// event with no data line is not dispatched; a leading BOM is skipped. What is left when the
/// body ends (a cut event) is never dispatched, so a drop mid-event yields nothing partial.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var name: String?
    private var data: Data?
    /// A CR ended the last line: a LF right after it belongs to that line end.
    private var afterCR = false
    private var atStart = true

    /// The events that `chunk` completes, in order. - Complexity: O(chunk size), plus the
    /// length of a line carried over from the chunk before.
    mutating func events(in chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in chunk {
            if afterCR {
                afterCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"):
                afterCR = true
                endLine(into: &events)
            case UInt8(ascii: "\n"):
                endLine(into: &events)
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        guard !line.isEmpty else {
            if let data { events.append(ServerSentEvent(name: name ?? "message", data: data)) }
            name = nil
            data = nil
            return
        }
        if line.first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        var value = line[colon...].dropFirst()
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: line[..<colon], as: UTF8.self) {
        case "event":
            name = String(decoding: value, as: UTF8.self)
        case "data":
            if data == nil {
                data = Data(value)
            } else {
                data?.append(UInt8(ascii: "\n"))
                data?.append(contentsOf: value)
            }
        default:
            break
        }
    }
}
