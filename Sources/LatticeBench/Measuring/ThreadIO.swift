/// The bytes the calling thread has passed to `read`- and `write`-family system calls
/// (`/proc/thread-self/io`: `rchar` and `wchar`), read around a batch to give `bytesRead` and
/// `bytesWritten` per operation.
///
/// The kernel counts bytes handed to and from the system calls, whether they came from its
/// cache or the disk, so a batch's figure is exact: SQLite's writes of an image count every
/// page it writes, though the disk may see them later or never. Only the calling thread's,
/// where benchmarks run. Reading the file is a read too: the bytes one reading returned are
/// counted in the next, so `since(_:)` takes them out.
struct ThreadIO: Equatable, Sendable {
    /// Bytes read so far (`rchar`).
    var read: UInt64
    /// Bytes written so far (`wchar`).
    var written: UInt64
    /// The bytes this reading's own `read` returned, which the kernel adds to `rchar` after it.
    var ownBytes: UInt64

    /// The calling thread's totals; nil where the kernel does not tell (not Linux).
    /// - Complexity: a few system calls.
    static func current() -> ThreadIO? {
        guard let file = ProcFile("/proc/thread-self/io"),
              let read = file.value(of: "rchar"), let written = file.value(of: "wchar") else { return nil }
        return ThreadIO(read: read, written: written, ownBytes: UInt64(file.bytes.count))
    }

    /// What the thread read and wrote between `earlier` and this reading, less `earlier`'s own read.
    /// - Complexity: O(1).
    func since(_ earlier: ThreadIO) -> (read: UInt64, written: UInt64) {
        (read &- earlier.read &- earlier.ownBytes, written &- earlier.written)
    }
}
