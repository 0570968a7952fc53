import Foundation

/// Reads a `multipart/mixed` body as it arrives, in chunks of any size, and hands out each
/// part's body once the delimiter after it has arrived: how GraphQL servers deliver an
/// incremental response over HTTP (each payload a part, the delimiter written right after it
/// so the part can be read at once; `--` after the last one closes the body).
///
/// Part headers are skipped (every part of a GraphQL response is JSON). The bytes are scanned
/// once, whatever the chunks: a delimiter split across two chunks is found when the second
/// arrives, by resuming the scan a delimiter's length before the end of what was seen. What
/// follows the closing delimiter is the body's epilogue (RFC 2046), ignored whatever it holds.
///
/// A part may be at most `partLimit` bytes, so a part that never ends fails once it is past
/// the limit instead of growing memory without bound. Buffering is linear: a chunk is appended
/// once, and the bytes consumed are dropped only once they make up half the buffer.
public struct MultipartMixedReader: Sendable {
    /// Why a body is not a multipart body this reader can follow.
    public enum FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// A part's headers never end (no blank line within the limit).
        case headersTooLong(part: Int)
        /// The body ended without a delimiter, and the Content-Type named no boundary: the
        /// default, `-`, was looked for (`endOfBodyError`).
        case noBoundary
        /// The body ended without a delimiter of the boundary its Content-Type named.
        case boundaryNotFound(String)
        /// A part is longer than the reader's `partLimit` (its delimiter not found within it).
        case partTooLong(part: Int, limit: Int)

        /// What is wrong, in words.
        public var description: String {
            switch self {
            case .headersTooLong(let part): "part \(part) of the multipart body: its headers do not end with a blank line within 8 KiB"
            case .noBoundary:
                "the multipart answer's Content-Type has no boundary=, and the default one (\"-\") never appears in its body"
            case .boundaryNotFound(let boundary):
                "the multipart answer's boundary (\"\(boundary)\", from its Content-Type) never appears in its body"
            case .partTooLong(let part, let limit):
                "part \(part) of the multipart body is longer than the limit of \(limit) bytes (StreamLimits.partBytes)"
            }
        }
    }

    /// The earlier name of `FormatError`: `ReadError` also names the lens's read failures
    /// (`Lattice.ReadError`).
    @available(*, deprecated, renamed: "FormatError")
    public typealias ReadError = FormatError

    private enum Place {
        /// Before the first delimiter, or in a part's body, scanning for the next delimiter.
        case beforeDelimiter(partStart: Int?)
        /// Just past a delimiter: `--` closes, a line break starts a part's headers.
        case afterDelimiter
        /// In a part's headers, scanning for the blank line.
        case headers(start: Int)
        /// Past the closing delimiter.
        case closed
    }

    private let delimiter: [UInt8]
    /// The boundary looked for, and whether the Content-Type named it (else it is the default).
    private let boundary: String
    private var boundaryIsNamed = true
    /// The longest part read, in bytes.
    public let partLimit: Int
    /// Unconsumed bytes; `scanFrom` is where the search resumes.
    private var buffer: ByteBuffer
    private var scanFrom = 0
    private var place = Place.beforeDelimiter(partStart: nil)
    private var partsRead = 0

    /// A reader of a body whose boundary is `boundary` (the Content-Type's `boundary`), whose
    /// parts may be `partLimit` bytes long at most (`StreamLimits.default.partBytes`).
    public init(boundary: String, partLimit: Int = StreamLimits.default.partBytes) {
        self.boundary = boundary
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.partLimit = partLimit
        // The first delimiter may open the body without the line break before it.
        buffer = ByteBuffer(Array("\r\n".utf8))
    }

    /// The bytes the reader copied beyond appending each chunk once: what shows that its
    /// buffering is linear (`ByteBuffer.bytesCopied`).
    var bytesCopied: Int { buffer.bytesCopied }

    /// Whether the closing delimiter has been read: the body is whole.
    public var isClosed: Bool {
        if case .closed = place { return true }
        return false
    }

    /// A reader of a body whose Content-Type header value is `value`, `nil` when it is not
    /// `multipart/mixed`: its `boundary`, else the default `-` (`boundary(ofContentType:)`);
    /// its parts may be `partLimit` bytes long at most.
    /// - Complexity: O(header length).
    public init?(contentType value: String, partLimit: Int = StreamLimits.default.partBytes) {
        guard let named = Self.namedBoundary(ofContentType: value) else { return nil }
        self.init(boundary: named ?? "-", partLimit: partLimit)
        boundaryIsNamed = named != nil
    }

    /// The boundary of a `multipart/mixed` Content-Type header value, `nil` when it is not one;
    /// `-` when it names none (the default of the GraphQL servers that answer in parts).
    /// - Complexity: O(header length).
    public static func boundary(ofContentType value: String) -> String? {
        namedBoundary(ofContentType: value).map { $0 ?? "-" }
    }

    /// The `boundary` a `multipart/mixed` Content-Type names: `nil` when it is not one,
    /// `.some(nil)` when it names none.
    private static func namedBoundary(ofContentType value: String) -> String?? {
        let fields = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first?.lowercased() == "multipart/mixed" else { return nil }
        for field in fields.dropFirst() {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let quoted = pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
            return .some(quoted ? String(pair[1].dropFirst().dropLast()) : pair[1])
        }
        return .some(nil)
    }

    /// Why a body that ends where the bytes read so far end is not a multipart body of this
    /// boundary: none of its delimiters appeared (`noBoundary` when the Content-Type named
    /// none, `boundaryNotFound`). `nil` once one has: a body that ends before its closing
    /// delimiter is then one cut short, which its reader's caller reports.
    /// - Complexity: O(1).
    public var endOfBodyError: FormatError? {
        guard case .beforeDelimiter(partStart: nil) = place else { return nil }
        return boundaryIsNamed ? .boundaryNotFound(boundary) : .noBoundary
    }

    /// Takes the next chunk and returns the bodies of the parts it completes, in order.
    /// - Throws: `FormatError`; the reader is then of no further use.
    /// - Complexity: amortized O(chunk size): each byte is scanned once, and consumed bytes
    ///   are dropped once they make up half the buffer.
    public mutating func read(_ chunk: UnsafeRawBufferPointer) throws(FormatError) -> [[UInt8]] {
        buffer.append(contentsOf: chunk)
        var parts: [[UInt8]] = []
        try readBuffered(into: &parts)
        return parts
    }

    /// `read` of the bytes of `chunk`, appending the parts it completes to `parts`: the parts
    /// completed before a failure are there when it throws.
    public mutating func read(_ chunk: Data, into parts: inout [[UInt8]]) throws(FormatError) {
        chunk.withUnsafeBytes { buffer.append(contentsOf: $0) }
        try readBuffered(into: &parts)
    }

    /// `read` of the bytes of `chunk`.
    public mutating func read(_ chunk: ArraySlice<UInt8>) throws(FormatError) -> [[UInt8]] {
        buffer.append(contentsOf: chunk)
        var parts: [[UInt8]] = []
        try readBuffered(into: &parts)
        return parts
    }

    /// Appends the parts the buffered bytes complete to `parts`.
    private mutating func readBuffered(into parts: inout [[UInt8]]) throws(FormatError) {
        progress: while true {
            switch place {
            case .closed:
                // The epilogue (RFC 2046): nothing of the answer, whatever it holds.
                scanFrom = buffer.count
                break progress
            case .beforeDelimiter(let partStart):
                guard let found = find(delimiter, from: scanFrom) else {
                    scanFrom = max(scanFrom, buffer.count - delimiter.count + 1)
                    if let partStart, scanFrom - partStart > partLimit {
                        throw .partTooLong(part: partsRead + 1, limit: partLimit)
                    }
                    break progress
                }
                if let partStart {
                    guard found - partStart <= partLimit else { throw .partTooLong(part: partsRead + 1, limit: partLimit) }
                    parts.append(buffer[partStart..<found])
                    partsRead += 1
                }
                scanFrom = found + delimiter.count
                place = .afterDelimiter
            case .afterDelimiter:
                guard buffer.count - scanFrom >= 2 else { break progress }
                if buffer[scanFrom] == UInt8(ascii: "-") && buffer[scanFrom + 1] == UInt8(ascii: "-") {
                    scanFrom += 2
                    place = .closed
                } else {
                    // Transport padding (spaces, tabs) may sit between the boundary and the line break.
                    guard let lineEnd = find(Array("\r\n".utf8), from: scanFrom) else { break progress }
                    scanFrom = lineEnd + 2
                    place = .headers(start: scanFrom)
                }
            case .headers(let start):
                // A part without headers starts with the blank line itself.
                if buffer.count - start >= 2, buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
                    scanFrom = start + 2
                    place = .beforeDelimiter(partStart: scanFrom)
                    continue
                }
                guard let end = find(Array("\r\n\r\n".utf8), from: max(start, scanFrom - 3)) else {
                    guard buffer.count - start <= 8_192 else { throw .headersTooLong(part: partsRead + 1) }
                    scanFrom = buffer.count
                    break progress
                }
                scanFrom = end + 4
                place = .beforeDelimiter(partStart: scanFrom)
            }
        }
        compact()
    }

    /// Where the bytes still needed begin.
    private var currentStart: Int {
        switch place {
        case .beforeDelimiter(let partStart?): partStart
        case .headers(let start): start
        case .beforeDelimiter(nil), .afterDelimiter, .closed: scanFrom
        }
    }

    /// Drops the bytes before `currentStart` once they are at least half the buffer.
    private mutating func compact() {
        let start = currentStart
        guard start > 0, start * 2 >= buffer.count else { return }
        buffer.removeFirst(start)
        scanFrom -= start
        switch place {
        case .beforeDelimiter(let partStart?): place = .beforeDelimiter(partStart: partStart - start)
        case .headers(let headerStart): place = .headers(start: headerStart - start)
        case .beforeDelimiter(nil), .afterDelimiter, .closed: break
        }
    }

    /// The first position at or after `from` where `pattern` starts, if it is all there:
    /// `memchr` to each candidate first byte (a line break, which JSON parts hold none of
    /// unescaped), then a compare of the rest.
    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first, buffer.count - from >= pattern.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            pattern.withUnsafeBufferPointer { wanted -> Int? in
                guard let base = bytes.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
                let last = bytes.count - pattern.count
                var index = from
                while index <= last {
                    guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + position, wantedBase, pattern.count) == 0 { return position }
                    index = position + 1
                }
                return nil
            }
        }
    }
}
