/// The bytes of a streamed answer received and not yet consumed: what `MultipartMixedReader`
/// scans for delimiters and `ServerSentEventParser` gathers a line in.
///
/// A value with copy-on-write storage, an array's, that counts the bytes it ever copied
/// (`bytesCopied`): those dropping a consumed prefix moves, and those a copy of shared storage
/// duplicates. A reader whose state is copied out and back for each chunk (the whole buffer
/// duplicated per chunk: quadratic, 45.6 s for a 50 MB part) shows it there, so a test checks
/// that buffering stays linear by this count instead of by time.
///
/// - Complexity: `append` amortized O(bytes appended); `removeFirst` O(bytes kept), which a
///   caller makes amortized O(1) a byte by dropping a prefix only once it is half the buffer.
struct ByteBuffer: Sendable {
    /// Shared exactly when the bytes are (a copy of the buffer copies both references), so
    /// its unique reference tells a mutation whether the array will be duplicated, which the
    /// array itself does not say. The bytes stay a stored property of the struct: held in a
    /// class's property instead, every access paid a dynamic exclusivity check
    /// (`swift_beginAccess`), +20.5 % instructions for the multipart reader at 1 KiB chunks.
    private final class Owner: Sendable {}

    private var bytes: [UInt8]
    private var owner = Owner()
    /// The bytes this buffer copied: moved to drop a prefix, or duplicated from shared storage.
    private(set) var bytesCopied = 0

    /// A buffer holding `bytes`.
    init(_ bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// How many bytes it holds. - Complexity: O(1).
    var count: Int { bytes.count }

    /// The byte at `index`. - Complexity: O(1).
    subscript(index: Int) -> UInt8 { bytes[index] }

    /// The bytes in `range`, copied out (a part handed on). - Complexity: O(range).
    subscript(range: Range<Int>) -> [UInt8] { Array(bytes[range]) }

    /// Appends `chunk`. - Complexity: amortized O(chunk), unless the storage is shared.
    mutating func append(contentsOf chunk: UnsafeRawBufferPointer) {
        noteCopyIfShared()
        bytes.append(contentsOf: chunk)
    }

    /// Appends `chunk`. - Complexity: amortized O(chunk), unless the storage is shared.
    mutating func append(contentsOf chunk: some Collection<UInt8>) {
        noteCopyIfShared()
        bytes.append(contentsOf: chunk)
    }

    /// Drops the first `count` bytes, moving the rest to the front. - Complexity: O(bytes kept).
    mutating func removeFirst(_ count: Int) {
        noteCopyIfShared()
        bytesCopied += bytes.count - count
        bytes.removeFirst(count)
    }

    /// Drops every byte, keeping the capacity for the next (a fresh array when it is shared,
    /// nothing copied). - Complexity: O(1).
    mutating func removeAll() {
        guard isKnownUniquelyReferenced(&owner) else {
            owner = Owner()
            bytes = []
            return
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the bytes in place. - Complexity: O(1) plus `body`.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// Before a mutation: when another value shares the bytes, the array duplicates them on
    /// the mutation that follows; counts those bytes and takes an owner of its own.
    private mutating func noteCopyIfShared() {
        guard !isKnownUniquelyReferenced(&owner) else { return }
        bytesCopied += bytes.count
        owner = Owner()
    }
}
