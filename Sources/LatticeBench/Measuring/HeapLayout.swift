/// A shift of the heap before a benchmark is set up, so its objects land at other addresses:
/// layout 0 allocates nothing, layout k keeps `3k` blocks of every small size class alive
/// until it is released.
///
/// Why: code that hashes object addresses (Observation's tables, dictionaries keyed by
/// `ObjectIdentifier`) runs a few more or fewer instructions depending on where its objects
/// happen to be, and any change to the code or the set-up moves them. Counting a benchmark
/// under several layouts measures that spread, so a comparison can tell a change of the code
/// from a move of the heap.
struct HeapLayout {
    /// The small size classes shifted, bytes (jemalloc's classes up to 1 KiB).
    private static let sizes = [8, 16, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256,
                                320, 384, 448, 512, 640, 768, 896, 1024]
    private var blocks: [UnsafeMutableRawPointer] = []

    /// Shifts the heap for layout `index` (0: no shift).
    /// - Complexity: O(index · size classes) allocations.
    init(_ index: Int) {
        for size in Self.sizes {
            for _ in 0..<(3 * index) {
                blocks.append(UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8))
            }
        }
    }

    /// Frees the blocks. - Complexity: O(blocks).
    func release() {
        blocks.forEach { $0.deallocate() }
    }
}
