import Foundation
import Testing
import Lattice

/// The multipart reader hands out the same parts whatever the chunks, each as soon as the
/// delimiter after it has arrived, and refuses what it cannot follow with the reason.
struct MultipartMixedReaderTests {
    static let parts = [#"{"data":{"a":1},"pending":[{"id":"0","path":[]}],"hasNext":true}"#,
                        #"{"incremental":[{"id":"0","data":{"b":"two\r\n--not a delimiter"}}],"hasNext":true}"#,
                        #"{"completed":[{"id":"0"}],"hasNext":false}"#]

    /// The body as a GraphQL server writes it: each part followed at once by the delimiter.
    static func body(boundary: String = "-", preamble: String = "") -> [UInt8] {
        var text = preamble + "\r\n--\(boundary)"
        for part in parts {
            text += "\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + part + "\r\n--\(boundary)"
        }
        return Array((text + "--\r\n").utf8)
    }

    func read(_ body: [UInt8], chunk size: Int, boundary: String = "-") throws -> (parts: [String], closed: Bool) {
        var reader = MultipartMixedReader(boundary: boundary)
        var parts: [String] = []
        var start = 0
        while start < body.count {
            let end = min(start + size, body.count)
            parts += try reader.read(body[start..<end]).map { String(decoding: $0, as: UTF8.self) }
            start = end
        }
        return (parts, reader.isClosed)
    }

    @Test func everyChunkSizeGivesTheSameParts() throws {
        let body = Self.body()
        for size in [1, 2, 3, 4, 5, 7, 16, 64, body.count] {
            let read = try read(body, chunk: size)
            #expect(read.parts == Self.parts, "chunks of \(size)")
            #expect(read.closed, "chunks of \(size)")
        }
    }

    /// A part is handed out when the delimiter after it arrives, not when the next part does.
    @Test func aPartIsReadAsSoonAsItsDelimiterArrives() throws {
        var reader = MultipartMixedReader(boundary: "-")
        let opening = Array("\r\n---\r\nContent-Type: application/json\r\n\r\n\(Self.parts[0])".utf8)
        #expect(try reader.read(opening[...]).isEmpty)
        let first = try reader.read(Array("\r\n---".utf8)[...])
        #expect(first.map { String(decoding: $0, as: UTF8.self) } == [Self.parts[0]])
        #expect(!reader.isClosed)
    }

    @Test func aQuotedBoundaryAPreambleAndAPartWithoutHeaders() throws {
        #expect(MultipartMixedReader.boundary(ofContentType: #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#) == "graphql")
        #expect(MultipartMixedReader.boundary(ofContentType: "multipart/mixed;boundary=abc") == "abc")
        #expect(MultipartMixedReader.boundary(ofContentType: "multipart/mixed") == "-")
        #expect(MultipartMixedReader.boundary(ofContentType: "application/json") == nil)
        #expect(try read(Self.body(boundary: "graphql", preamble: "ignored preamble"), chunk: 5, boundary: "graphql").parts == Self.parts)
        var reader = MultipartMixedReader(boundary: "-")
        let bare = try reader.read(Array("---\r\n\r\n{}\r\n-----\r\n".utf8)[...])
        #expect(bare.map { String(decoding: $0, as: UTF8.self) } == ["{}"])
        #expect(reader.isClosed)
    }

    @Test func whatItCannotFollowIsRefusedWithTheReason() {
        var garbage = MultipartMixedReader(boundary: "-")
        #expect(throws: MultipartMixedReader.FormatError.dataAfterClose) {
            _ = try garbage.read(Array("\r\n---\r\n\r\n{}\r\n-----\r\nmore".utf8)[...])
        }
        var endless = MultipartMixedReader(boundary: "-")
        #expect(throws: MultipartMixedReader.FormatError.headersTooLong(part: 1)) {
            _ = try endless.read(Array(("\r\n---\r\nX-Long: " + String(repeating: "x", count: 9_000)).utf8)[...])
        }
    }

    /// A body cut before its closing delimiter is not closed: the caller tells a drop.
    @Test func aCutBodyIsNotClosed() throws {
        let body = Self.body()
        let read = try read(Array(body.prefix(body.count - 10)), chunk: 16)
        #expect(read.parts == Array(Self.parts.prefix(2)))
        #expect(!read.closed)
    }
}
