import Foundation
import LatticeBench
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file whole or not at all: to a temporary file beside it, then renamed over it,
/// so a reader (or a failed run) never leaves half a report behind.
enum AtomicFile {
    /// Writes `data` to `path`, creating its folder if needed.
    /// - Throws: `JSONFileError.unwritable`.
    static func write(_ data: Data, to path: String) throws(JSONFileError) {
        var set = FileSet()
        set.add(data, at: path)
        try set.write()
    }
}

/// Several files written as one set, all or none: every file is first staged as a temporary
/// file beside its target (making the folders it needs), and only when all are staged are
/// they renamed over their targets, in the order added. A failure while staging removes what
/// was staged and the folders made for it, so every target is left as it was; a rename that
/// fails (a target that is a folder, say) puts back the targets already replaced, from
/// copies kept beside them until the set is written.
struct FileSet {
    private var files: [(path: String, data: Data)] = []

    /// Adds `data` to be written to `path`; a later addition for the same path replaces it.
    mutating func add(_ data: Data, at path: String) {
        files.removeAll { $0.path == path }
        files.append((path, data))
    }

    /// Writes every file added, or none.
    /// - Throws: `JSONFileError.unwritable` naming the first target that could not be
    ///   staged or replaced; the targets are then as they were before.
    /// - Complexity: O(total bytes), plus one rename per file.
    func write() throws(JSONFileError) {
        var transaction = Transaction()
        do {
            for file in files { try transaction.stage(file.data, for: file.path) }
            try transaction.keepPrevious()
            try transaction.replace()
        } catch {
            transaction.rollBack()
            throw error
        }
        transaction.finish()
    }

    /// What one `write` has done so far, to finish or undo.
    private struct Transaction {
        /// A target, its staged file, and the copy of what it held (nil: it did not exist).
        struct Entry {
            var target: String
            /// The hidden name beside the target that the staged file and the copy extend.
            var base: String
            var previous: String?
            var replaced = false
            var staged: String { base + ".staged" }
        }

        var entries: [Entry] = []
        /// Folders made for the staged files, outermost first.
        var createdFolders: [String] = []

        /// Writes `data` to a new hidden file beside `target`, making its folder if needed.
        mutating func stage(_ data: Data, for target: String) throws(JSONFileError) {
            let url = URL(fileURLWithPath: target)
            let entry = Entry(target: target, base: url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)").path)
            do {
                try makeFolder(url.deletingLastPathComponent())
                try data.write(to: URL(fileURLWithPath: entry.staged))
            } catch {
                unlink(entry.staged)
                throw .unwritable(file: target, reason: FileErrorReason.describe(error))
            }
            entries.append(entry)
        }

        /// Keeps a copy of every existing target beside it (a hard link, or the bytes when
        /// the file system has no links), to put back if a rename fails.
        mutating func keepPrevious() throws(JSONFileError) {
            for index in entries.indices {
                let entry = entries[index]
                var isFolder: ObjCBool = false
                // No target, nothing to put back; a folder, the rename will fail.
                guard FileManager.default.fileExists(atPath: entry.target, isDirectory: &isFolder),
                      !isFolder.boolValue else { continue }
                let previous = entry.base + ".previous"
                if link(entry.target, previous) != 0 {
                    do {
                        try Data(contentsOf: URL(fileURLWithPath: entry.target)).write(to: URL(fileURLWithPath: previous))
                    } catch {
                        unlink(previous)
                        throw .unwritable(file: entry.target,
                                          reason: "cannot keep its previous contents: \(FileErrorReason.describe(error))")
                    }
                }
                entries[index].previous = previous
            }
        }

        /// Renames each staged file over its target.
        mutating func replace() throws(JSONFileError) {
            for index in entries.indices {
                guard rename(entries[index].staged, entries[index].target) == 0 else {
                    throw .unwritable(file: entries[index].target, reason: String(cString: strerror(errno)))
                }
                entries[index].replaced = true
            }
        }

        /// Puts back every target replaced, removes what was staged and the folders made.
        func rollBack() {
            for entry in entries.reversed() {
                if entry.replaced {
                    if let previous = entry.previous {
                        rename(previous, entry.target)
                    } else {
                        unlink(entry.target)
                    }
                } else {
                    unlink(entry.staged)
                    if let previous = entry.previous { unlink(previous) }
                }
            }
            for folder in createdFolders.reversed() { rmdir(folder) }
        }

        /// Removes the copies kept of the previous contents.
        func finish() {
            for case let previous? in entries.map(\.previous) { unlink(previous) }
        }

        /// Makes `folder` and the parents it lacks, remembering each one made.
        private mutating func makeFolder(_ folder: URL) throws {
            var missing: [URL] = []
            var current = folder
            while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
                missing.append(current)
                current = current.deletingLastPathComponent()
            }
            for folder in missing.reversed() {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                createdFolders.append(folder.path)
            }
        }
    }
}
