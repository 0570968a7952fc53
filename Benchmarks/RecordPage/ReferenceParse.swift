import CReferenceParse
import Foundation

/// The floor of `RecordPage/ingest` (issue 38, "Ingest near the limit of the machine"):
/// simdjson's DOM parse of the page's bytes and a walk of every value (`CReferenceParse`),
/// measured in the same process as the ingest. One parser, reused as simdjson is meant to be,
/// and the bytes copied once into a buffer padded as simdjson reads past the end.
final class ReferenceParse {
    /// Whether this build has simdjson (Linux, with Debian's libsimdjson-dev): where it does
    /// not, RecordPage leaves `referenceParse` out.
    static var isAvailable: Bool { reference_parse_available() != 0 }

    private let parser: OpaquePointer
    private let buffer: UnsafeMutableRawBufferPointer
    private let length: Int

    /// A parser for `bytes`, checked to walk `expectedValues` values (the count Lattice's JSON
    /// reader makes of the same bytes, `RecordPageFixture.valueCount`).
    /// - Throws: `SetUpError` when simdjson is missing, or the walk does not count them.
    init(bytes: Data, expectedValues: Int) throws {
        guard let parser = reference_parser_new() else {
            throw SetUpError(description: "no simdjson parser (is libsimdjson-dev installed?)")
        }
        self.parser = parser
        length = bytes.count
        buffer = .allocate(byteCount: bytes.count + reference_parse_padding(), alignment: 64)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let counted = walk()
        guard counted == expectedValues else {
            throw SetUpError(description: "simdjson's walk of the page counted \(counted) values, Lattice's reader \(expectedValues)")
        }
    }

    deinit {
        reference_parser_free(parser)
        buffer.deallocate()
    }

    /// Parses the bytes and walks every value: the count of values, or -1 if they are not JSON.
    /// - Complexity: O(bytes).
    func walk() -> Int {
        Int(reference_parse_walk(parser, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), length))
    }

    /// What the last walk read (string and key lengths, numbers), so no compiler skips it.
    var checksum: UInt64 { reference_parse_checksum(parser) }
}
