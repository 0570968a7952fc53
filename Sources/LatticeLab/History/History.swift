import Foundation
import LatticeBench

/// `dashboards/history.json`: one entry per full run, oldest first, so the dashboard can
/// show how the figures moved across commits. Appended by `lattice report --history`;
/// adding a run already recorded replaces it, so regenerating a report changes nothing.
struct History: Codable, Equatable, Sendable {
    /// The format version this code reads and writes.
    static let currentVersion = 1

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
    /// - Throws: `JSONFileError.corrupt` with the JSON path for anything else that is not a
    ///   history of this version, `.unreadable` when it cannot be read.
    static func read(from url: URL) throws(JSONFileError) -> History {
        guard FileManager.default.fileExists(atPath: url.path) else { return History() }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: FileErrorReason.describe(error))
        }
        let history: History
        do {
            history = try decoder.decode(History.self, from: data)
        } catch let error as DecodingError {
            throw .corrupt(file: url.path, path: Self.path(of: error), reason: Self.reason(of: error))
        } catch {
            throw .corrupt(file: url.path, path: "$", reason: "\(error)")
        }
        guard history.version == currentVersion else {
            throw .corrupt(file: url.path, path: "$.version",
                           reason: "version \(history.version) is not supported (this reader reads \(currentVersion))")
        }
        return history
    }

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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return try encoder.encode(self) + Data("\n".utf8)
        } catch {
            throw .unwritable(file: "history", reason: "\(error)")
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// A JSON path (`$.entries[2].date`) for where decoding failed.
    private static func path(of error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        case .keyNotFound(let key, let c):
            return render(c.codingPath + [key])
        @unknown default:
            return "$"
        }
        return render(context.codingPath)
    }

    private static func render(_ keys: [any CodingKey]) -> String {
        "$" + keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }

    private static func reason(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context): "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, _): "missing \(type) value"
        case .keyNotFound(let key, _): "missing field \"\(key.stringValue)\""
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: "\(error)"
        }
    }
}
