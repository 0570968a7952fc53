import CReferenceParse
import Foundation
import LabSupport
import Lattice
import Testing

/// RecordPage/referenceParse's walk (CReferenceParse: simdjson's DOM parse, then every value):
/// it must count what Lattice's own reader reads, or the floor is not the ingest's floor.
/// simdjson is there wherever Linux builds (scripts/lib/setup.sh installs it); elsewhere the
/// walk reports it missing and these tests do not run.
@MainActor
@Suite(.enabled(if: reference_parse_available() != 0, "simdjson is missing from this build"))
struct ReferenceParseTests {
    /// The walk's count of `bytes`' values, in a buffer padded as simdjson requires.
    func walk(_ bytes: [UInt8]) throws -> Int64 {
        let parser = try #require(reference_parser_new())
        defer { reference_parser_free(parser) }
        let padded = bytes + repeatElement(0, count: reference_parse_padding())
        return padded.withUnsafeBufferPointer { reference_parse_walk(parser, $0.baseAddress, bytes.count) }
    }

    @Test func theWalkOfThePageCountsEveryValueLatticesReaderReads() throws {
        let fixture = try RecordPageFixture.load()
        let counted = try walk([UInt8](fixture.bytes))
        #expect(counted == Int64(try fixture.valueCount()))
        #expect(counted > 20_000)
    }

    @Test func everyKindOfValueCountsOnceTheRootIncluded() throws {
        // The object, the array, and its six members; a key is not a value.
        let text = #"{"list": [1, -2, 2.5, "text", true, null], "empty": {}}"#
        let counted = try walk(Array(text.utf8))
        #expect(counted == 9)
        var reader = 0
        func count(_ value: JSONValue) {
            reader += 1
            switch value {
            case .array(let items): items.forEach(count)
            case .object(let members): members.values.forEach(count)
            case .null, .bool, .int, .double, .string: break
            }
        }
        count(try JSONReader.value(from: Data(text.utf8)))
        #expect(counted == Int64(reader))
    }

    @Test func bytesThatAreNotJSONAreRefused() throws {
        #expect(try walk(Array(#"{"list": [1, 2,"#.utf8)) == -1)
        #expect(try walk(Array("{\"a\": tru}".utf8)) == -1)
    }
}
