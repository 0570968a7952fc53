/// The bytes of a streamed answer received and not yet consumed: what `MultipartMixedReader`
/// scans for delimiters and `ServerSentEventParser` gathers a line in.
///
/// A value with copy-on-write storage, as an array is, that counts the bytes it ever copied
/// (`bytesCopied`): those dropping a consumed prefix moves, and those a copy of shared storage
/// duplicates. A reader whose state is copied out and back for each chunk (the whole buffer
/// duplicated per chunk: quadratic, 45.6 s for a 50 MB part) shows it there, so a test checks
/// that buffering stays linear by this count instead of by time.
///
/// - Complexity: `append` amortized O(bytes appended); `removeFirst` O(bytes kept), which a
///   caller makes amortized O(1) a byte by dropping a prefix only once it is half the buffer.
struct ByteBuffer: Sendable {
    /// The storage, mutated only while uniquely referenced (copied first otherwise): the
    /// value semantics an array has, with the copy seen.
    private final class Storage: @unchecked Sendable {
        var bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }
    }

    private var storage: Storage
    /// The bytes this buffer copied: moved to drop a prefix, or duplicated from shared storage.
    private(set) var bytesCopied = 0

    /// A buffer holding `bytes`.
    init(_ bytes: [UInt8] = []) {
        storage = Storage(bytes)
    }

    /// How many bytes it holds. - Complexity: O(1).
    var count: Int { storage.bytes.count }

    /// The byte at `index`. - Complexity: O(1).
    subscript(index: Int) -> UInt8 { storage.bytes[index] }

    /// The bytes in `range`, copied out (a part handed on). - Complexity: O(range).
    subscript(range: Range<Int>) -> [UInt8] { Array(storage.bytes[range]) }

    /// Appends `chunk`. - Complexity: amortized O(chunk), unless the storage is shared.
    mutating func append(contentsOf chunk: UnsafeRawBufferPointer) {
        makeUnique()
        storage.bytes.append(contentsOf: chunk)
    }

    /// Appends `chunk`. - Complexity: amortized O(chunk), unless the storage is shared.
    mutating func append(contentsOf chunk: some Collection<UInt8>) {
        makeUnique()
        storage.bytes.append(contentsOf: chunk)
    }

    /// Drops the first `count` bytes, moving the rest to the front. - Complexity: O(bytes kept).
    mutating func removeFirst(_ count: Int) {
        makeUnique()
        bytesCopied += storage.bytes.count - count
        storage.bytes.removeFirst(count)
    }

    /// Drops every byte, keeping the capacity for the next (a fresh storage when it is shared,
    /// nothing copied). - Complexity: O(1).
    mutating func removeAll() {
        guard isKnownUniquelyReferenced(&storage) else { return storage = Storage([]) }
        storage.bytes.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the bytes in place. - Complexity: O(1) plus `body`.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.bytes.withUnsafeBufferPointer(body)
    }

    /// Copies the storage when another value shares it, counting the bytes copied.
    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        bytesCopied += storage.bytes.count
        storage = Storage(Array(storage.bytes))
    }
}
