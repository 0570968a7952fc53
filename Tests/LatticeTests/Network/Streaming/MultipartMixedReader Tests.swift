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

    /// What follows the closing delimiter is the body's epilogue (RFC 2046): ignored, in the
    /// chunk of the close or after it, and the parts before it stand.
    @Test func anEpilogueAfterTheCloseIsIgnored() throws {
        var reader = MultipartMixedReader(boundary: "-")
        let parts = try reader.read(Array("\r\n---\r\n\r\n{}\r\n-----\r\nmore".utf8)[...])
        #expect(parts.map { String(decoding: $0, as: UTF8.self) } == ["{}"])
        #expect(reader.isClosed)
        #expect(try reader.read(Array("\r\n--- and more\r\n\r\n{}".utf8)[...]).isEmpty)
    }

    /// A part past the reader's limit fails naming the part and the limit, whether its
    /// delimiter never comes (a part that never ends) or comes too late; the parts before it,
    /// in the same chunk, are kept.
    @Test func aPartPastTheLimitFailsNamingTheLimit() {
        let long = String(repeating: "x", count: 200)
        let bodies = ["\r\n---\r\n\r\n{}\r\n---\r\n\r\n" + long,
                      "\r\n---\r\n\r\n{}\r\n---\r\n\r\n" + long + "\r\n-----\r\n"]
        for body in bodies {
            for chunk in [1, 5, 64, body.utf8.count] {
                var reader = MultipartMixedReader(boundary: "-", partLimit: 100)
                let bytes = Array(body.utf8)
                var parts: [[UInt8]] = []
                var failure: MultipartMixedReader.FormatError?
                var start = 0
                while start < bytes.count, failure == nil {
                    let end = min(start + chunk, bytes.count)
                    do { try reader.read(Data(bytes[start..<end]), into: &parts) } catch { failure = error }
                    start = end
                }
                #expect(parts == [Array("{}".utf8)], "chunks of \(chunk)")
                #expect(failure == .partTooLong(part: 2, limit: 100), "chunks of \(chunk)")
                #expect(failure?.description == "part 2 of the multipart body is longer than the limit of 100 bytes (StreamLimits.partBytes)")
            }
        }
    }

    @Test func whatItCannotFollowIsRefusedWithTheReason() {
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
