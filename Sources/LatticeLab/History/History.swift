import Foundation
import LatticeBench

/// `dashboards/history.json`: one entry per full run, oldest first, so the dashboard can
/// show how the figures moved across commits. Appended by `lattice report --history`;
/// adding a run already recorded replaces it, so regenerating a report changes nothing.
struct History: Codable, Equatable, Sendable, VersionedJSONFile {
    /// The format version this code reads and writes.
    static let currentVersion = 1
    /// The name of the version field.
    static let versionKey = "version"
    /// The only version this code reads.
    static var supportedVersion: Int { currentVersion }

    /// Always `currentVersion` for a file this code accepts.
    var version: Int
    /// Runs, oldest first.
    var entries: [HistoryEntry]

    /// An empty history.
    init() {
        version = Self.currentVersion
        entries = []
    }

    /// Reads `url`; a missing file is an empty history.
    /// - Throws: `JSONFileError.unsupportedVersion` for another version, `.corrupt` with the
    ///   JSON path for anything else that is not a history, `.unreadable` when it cannot be
    ///   read.
    static func read(from url: URL) throws(JSONFileError) -> History {
        guard FileManager.default.fileExists(atPath: url.path) else { return History() }
        return try JSONFileDecoder.read(History.self, from: url)
    }

    /// Nothing JSON decoding cannot catch: any list of entries is a history.
    func inconsistency() -> DecodingFailure? { nil }

    /// The history with `entry` added in date order, replacing a record of the same run.
    /// - Complexity: O(entries log entries).
    func adding(_ entry: HistoryEntry) -> History {
        var copy = self
        copy.entries.removeAll { $0.isSameRun(as: entry) }
        copy.entries.append(entry)
        copy.entries.sort { ($0.date, $0.commit ?? "") < ($1.date, $1.commit ?? "") }
        return copy
    }

    /// The JSON text: pretty-printed, sorted keys, ISO 8601 dates, so equal histories give
    /// equal bytes.
    func encoded() throws(JSONFileError) -> Data {
        try JSONFileEncoder.encoded(self, file: "history")
    }
}
