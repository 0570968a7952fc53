import Foundation

extension StoreInspection.Image {
    /// The image at `url` as the file system holds it now: its name, its bytes and its
    /// write-ahead log's (`-wal`, 0 when absent), with `launches` and `rows` as counted.
    /// - Complexity: two file-size lookups.
    init(file url: URL, launches: Int, rows: Int?) {
        func bytes(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        self.init(file: url.lastPathComponent, fileBytes: bytes(url.path), logBytes: bytes(url.path + "-wal"),
                  launches: launches, rows: rows)
    }
}
