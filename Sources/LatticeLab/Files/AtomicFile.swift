import Foundation
import LatticeBench

/// Writes a file whole or not at all: to a temporary file beside it, then renamed over it,
/// so a reader (or a failed run) never leaves half a report behind.
enum AtomicFile {
    /// Writes `data` to `path`, creating its folder if needed.
    /// - Throws: `DocumentError.unwritable`.
    static func write(_ data: Data, to path: String) throws(DocumentError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritable(file: path, reason: error.localizedDescription)
        }
    }
}
