import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder of `lattice generate`: replaced as a whole or not at all. A file whose
/// text did not change is left alone (a build does not recompile it); a changed or new one is
/// written to a temporary file and renamed over; a generated file (its first line is
/// `SwiftGenerator.header`) whose definition is gone is removed. Other files are never touched.
public struct GeneratedFolder {
    /// The folder.
    public let url: URL

    /// The folder at `url` (made when missing).
    public init(_ url: URL) {
        self.url = url
    }

    /// What an update did, by file name.
    public struct Changes: Hashable, Sendable {
        /// Files written (new or changed).
        public var written: [String] = []
        /// Generated files removed.
        public var removed: [String] = []
        /// Files whose text was already the same.
        public var unchanged = 0
    }

    /// Makes the folder hold exactly `files` of the generated ones.
    /// - Throws: the file system's error, naming the file; files already renamed into place
    ///   stay (each is whole), and a rerun finishes the update.
    public func update(to files: [SwiftGenerator.File]) throws -> Changes {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            // Creating it would say only "File exists".
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                           NSUnderlyingErrorKey: POSIXError(.ENOTDIR)])
        }
        try manager.createDirectory(at: url, withIntermediateDirectories: true)
        var changes = Changes()
        let names = Set(files.map(\.name))
        for file in files {
            let target = url.appendingPathComponent(file.name)
            let data = Data(file.text.utf8)
            if (try? Data(contentsOf: target)) == data {
                changes.unchanged += 1
                continue
            }
            let temporary = url.appendingPathComponent(".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try data.write(to: temporary)
            // rename(2) replaces the target in one step (Foundation's replaceItemAt does not
            // on Linux: it failed here, leaving the temporary behind).
            guard rename(temporary.path, target.path) == 0 else {
                // Thrown as Foundation throws its own: the system's error under it, for the
                // caller to put in words (`lattice` does with `FileErrorReason`).
                let code = POSIXErrorCode(rawValue: errno) ?? .EIO
                try? manager.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path,
                                                               NSUnderlyingErrorKey: POSIXError(code)])
            }
            changes.written.append(file.name)
        }
        for name in try manager.contentsOfDirectory(atPath: url.path).sorted()
        where name.hasSuffix(".graphql.swift") && !names.contains(name) {
            let stale = url.appendingPathComponent(name)
            guard let text = try? String(contentsOf: stale, encoding: .utf8),
                  text.hasPrefix(SwiftGenerator.header) else { continue }
            try manager.removeItem(at: stale)
            changes.removed.append(name)
        }
        return changes
    }
}
