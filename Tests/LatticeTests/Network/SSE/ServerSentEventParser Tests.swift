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

    func events(_ chunks: [Data]) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return chunks.flatMap { parser.events(in: $0) }
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

    @Test func anEventWithoutDataIsNotDispatchedAndAnUnnamedOneIsAMessage() {
        #expect(events([Data("event: next\n\ndata: x\n\n".utf8)]) == [ServerSentEvent(name: "message", data: Data("x".utf8))])
    }
}
