import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Lattice

/// A multipart answer whose boundary never shows in its body says so, apart from one cut short
/// (issue 36: a Content-Type without `boundary=`, or one whose boundary never appears, said
/// "the server ended the multipart answer before its last payload", as a lost connection).
struct MultipartMixedReaderBoundaryTests {
    /// A body of one part and the closing delimiter, delimited by `boundary`.
    static func body(boundary: String) -> Data {
        Data("\r\n--\(boundary)\r\n\r\n{\"data\":{},\"hasNext\":false}\r\n--\(boundary)--\r\n".utf8)
    }

    /// The multipart stream of a 200 with `contentType`, after reading `body`.
    static func stream(_ contentType: String, reading body: Data) throws -> MultipartPartStream {
        let url = try #require(URL(string: "http://127.0.0.1/graphql"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                    headerFields: ["Content-Type": contentType]))
        var stream = try #require(MultipartPartStream(streaming: response, limits: .default))
        #expect(stream.events(in: body).isEmpty)
        return stream
    }

    @Test func aContentTypeWithoutABoundaryWhoseDefaultNeverAppearsSaysSo() throws {
        var reader = try #require(MultipartMixedReader(contentType: "multipart/mixed; deferSpec=20220824"))
        #expect(try reader.read(Array(Self.body(boundary: "graphql"))[...]).isEmpty)
        #expect(reader.endOfBodyError == .noBoundary)
        let stream = try Self.stream("multipart/mixed", reading: Self.body(boundary: "graphql"))
        #expect(stream.failureAtEnd == .undecodableResponse(
            reason: "the multipart answer's Content-Type has no boundary=, and the default one (\"-\") never appears in its body",
            snippet: ""))
    }

    @Test func aBoundaryThatNeverAppearsSaysSo() throws {
        var reader = try #require(MultipartMixedReader(contentType: #"multipart/mixed; boundary="graphql""#))
        #expect(try reader.read(Array(Self.body(boundary: "-"))[...]).isEmpty)
        #expect(reader.endOfBodyError == .boundaryNotFound("graphql"))
        let stream = try Self.stream(#"multipart/mixed; boundary="graphql""#, reading: Data())
        #expect(stream.failureAtEnd?.description
            == #"response.undecodable: the multipart answer's boundary ("graphql", from its Content-Type) never appears in its body; body starts: "#)
    }

    /// Once a delimiter came, an early end is one cut short: the caller's lost connection.
    @Test func aBodyCutShortAfterADelimiterIsNoBoundaryError() throws {
        var reader = try #require(MultipartMixedReader(contentType: "multipart/mixed"))
        #expect(try reader.read(Array("\r\n---\r\n\r\n{\"data\":{},".utf8)[...]).isEmpty)
        #expect(reader.endOfBodyError == nil)
        let stream = try Self.stream("multipart/mixed", reading: Data("\r\n---\r\n\r\n{\"data\"".utf8))
        #expect(stream.failureAtEnd == nil)
        #expect(MultipartMixedReader(contentType: "application/json") == nil)
    }
}
