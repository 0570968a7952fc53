import Foundation
import Testing
@testable import Lattice

struct ServerSentEventParserTests {
    let body = Data("""
        : keep-alive\r
        event: next\r
        data: {"data":\r
        data: {"n": 1}}\r
        \r
        event: complete\n\
        data:\n\
        \n\
        event: next\n\
        data: {"cut
        """.utf8)

    func events(_ chunks: [Data], limit: Int = StreamLimits.default.eventBytes) -> [ServerSentEvent] {
        var parser = ServerSentEventParser(eventLimit: limit)
        var events: [ServerSentEvent] = []
        for chunk in chunks {
            do throws(Failure) { try parser.events(in: chunk, into: &events) } catch {
                Issue.record("\(error)")
            }
        }
        return events
    }

    @Test func aBodyReadsAsItsEventsAndACutLastEventIsNotDispatched() {
        #expect(events([body]) == [
            ServerSentEvent(name: "next", data: Data("{\"data\":\n{\"n\": 1}}".utf8)),
            ServerSentEvent(name: "complete", data: Data()),
        ])
    }

    /// Chunks cut anywhere: inside a line, a UTF-8 sequence, a CRLF.
    @Test func chunksCutAnywhereReadAsTheWholeBody() {
        let whole = events([body])
        #expect(events(body.map { Data([$0]) }) == whole)
        for cut in [1, 7, 20, 21, 40] {
            #expect(events([body.prefix(cut), body.dropFirst(cut)]) == whole, "cut at \(cut)")
        }
        let accented = Data("event: next\ndata: \"é\"\n\n".utf8)
        let split = accented.firstIndex(of: 0xC3).map { $0 + 1 } ?? 0
        #expect(events([accented.prefix(split), accented.dropFirst(split)])
                == [ServerSentEvent(name: "next", data: Data("\"é\"".utf8))])
    }

    /// Older graphql-yoga ends a stream with `event: complete` and no data line: that is an
    /// event (the stream's proper end), where the HTML standard would drop it. An event with
    /// neither a type nor data (an `id:` alone) is still nothing.
    @Test func aNamedEventWithoutDataIsDispatchedEmptyAndAnUnnamedOneIsAMessage() {
        #expect(events([Data("event: complete\n\nid: 7\n\ndata: x\n\n".utf8)])
                == [ServerSentEvent(name: "complete", data: Data()), ServerSentEvent(name: "message", data: Data("x".utf8))])
    }

    /// A line that never ends fails once it is past the limit, whatever the chunks, and the
    /// events completed before it in the same chunk are kept; data lines count together.
    @Test func anEventPastTheLimitFailsNamingItAndKeepsTheEventsBefore() {
        let before = "event: next\ndata: {}\n\n"
        for chunk in [1, 7, 64, 10_000] {
            var parser = ServerSentEventParser(eventLimit: 100)
            let body = Array((before + "data: " + String(repeating: "x", count: 200)).utf8)
            var events: [ServerSentEvent] = []
            var failure: Failure?
            var start = 0
            while start < body.count, failure == nil {
                let end = min(start + chunk, body.count)
                do throws(Failure) { try parser.events(in: Data(body[start..<end]), into: &events) } catch { failure = error }
                start = end
            }
            #expect(events == [ServerSentEvent(name: "next", data: Data("{}".utf8))], "chunks of \(chunk)")
            #expect(failure?.description.contains("limit of 100 bytes (StreamLimits.eventBytes)") == true,
                    "chunks of \(chunk): \(String(describing: failure))")
        }
        var lines = ServerSentEventParser(eventLimit: 100)
        var events: [ServerSentEvent] = []
        #expect(throws: Failure.self) {
            try lines.events(in: Data(String(repeating: "data: xxxxxxxxxx\n", count: 10).utf8), into: &events)
        }
    }
}
