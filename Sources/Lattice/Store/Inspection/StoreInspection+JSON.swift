import Foundation

/// An inspection as a file: what an app writes and `lattice inspect --inspection` reads.
extension StoreInspection {
    /// Writes the inspection as JSON (sorted keys, so the same store gives the same bytes) to
    /// `url`, atomically: a file there is replaced whole or not at all.
    /// - Throws: the file system's error. - Complexity: O(size of the inspection).
    public func write(to url: URL) throws {
        try jsonData().write(to: url, options: .atomic)
    }

    /// The inspection as JSON, keys sorted, indented. - Complexity: O(size of the inspection).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// An inspection read back from what `write(to:)` wrote.
    /// - Throws: `StoreInspection.FormatError` naming the member that does not fit, and why.
    /// - Complexity: O(size of the data).
    public init(json data: Data) throws(FormatError) {
        do {
            self = try JSONDecoder().decode(StoreInspection.self, from: data)
        } catch let error as DecodingError {
            throw FormatError(error)
        } catch {
            throw FormatError(path: "", reason: "\(error)")
        }
    }

    /// Why a file is not an inspection: where, and what was wrong there.
    public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The member's path (`roots.0.operation`); empty for the whole file.
        public let path: String
        /// What was wrong.
        public let reason: String

        public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        init(_ error: DecodingError) {
            func path(_ keys: [CodingKey]) -> String {
                keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            }
            switch error {
            case .typeMismatch(let type, let context):
                self.init(path: path(context.codingPath), reason: "expected \(type)")
            case .valueNotFound(let type, let context):
                self.init(path: path(context.codingPath), reason: "expected \(type), found null")
            case .keyNotFound(let key, let context):
                self.init(path: path(context.codingPath + [key]), reason: "missing")
            case .dataCorrupted(let context):
                self.init(path: path(context.codingPath),
                          reason: (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription)
            @unknown default:
                self.init(path: "", reason: "\(error)")
            }
        }
    }
}
