import Foundation

/// A JSON document with a top-level integer version field.
protocol VersionedDocument: Decodable {
    /// The name of the version field (`schemaVersion`, `version`).
    static var versionKey: String { get }
}

/// Decodes a versioned JSON document (results, limits): the version first, so a file from
/// another version is reported as such rather than as corrupt, then the whole document,
/// then the checks JSON decoding cannot express. Problems come back with a JSON path.
enum DocumentDecoder {
    /// What is wrong with a document, before the caller names the file.
    enum Problem: Error {
        /// The document's version key holds another version.
        case unsupportedVersion(Int)
        /// Invalid JSON, a missing or mistyped field, or an inconsistency, at a JSON path.
        case invalid(DecodingFailure)
    }

    /// Decodes `Document` from `data`; its top-level `Document.versionKey` must equal
    /// `supported`.
    /// - Parameter check: returns the first inconsistency of a decoded document, if any.
    /// - Complexity: O(data) for the version probe plus the full decode.
    static func decode<Document: VersionedDocument>(
        _: Document.Type, from data: Data, supported: Int, check: (Document) -> DecodingFailure?
    ) throws(Problem) -> Document {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let version = try decoder.decode(VersionProbe<Document>.self, from: data).version
            guard version == supported else { throw Problem.unsupportedVersion(version) }
            let document = try decoder.decode(Document.self, from: data)
            if let failure = check(document) { throw Problem.invalid(failure) }
            return document
        } catch let problem as Problem {
            throw problem
        } catch let error as DecodingError {
            throw .invalid(syntaxFailure(in: data) ?? DecodingFailure(error))
        } catch {
            throw .invalid(DecodingFailure(path: "$", reason: String(describing: error)))
        }
    }

    /// Where `data` stops being JSON, as `line L, column C: ...`, or nil when it parses.
    /// JSONDecoder says only "not valid JSON"; JSONSerialization names the byte offset
    /// ("around character 41"), which is turned into a 1-based line and column.
    private static func syntaxFailure(in data: Data) -> DecodingFailure? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? String(describing: error)
            guard let range = message.range(of: "character "),
                  let offset = Int(message[range.upperBound...].prefix { $0.isNumber }) else {
                return DecodingFailure(path: "$", reason: message)
            }
            let before = data.prefix(offset)
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
            let column = before.endIndex - lineStart + 1
            return DecodingFailure(path: "$", reason: "line \(line), column \(column): \(message)")
        }
    }

    /// Reads only the top-level integer under `Document.versionKey`.
    private struct VersionProbe<Document: VersionedDocument>: Decodable {
        let version: Int

        init(from decoder: any Decoder) throws {
            version = try decoder.container(keyedBy: AnyKey.self)
                .decode(Int.self, forKey: AnyKey(stringValue: Document.versionKey))
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
