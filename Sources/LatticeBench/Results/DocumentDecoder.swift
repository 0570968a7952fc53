import Foundation

/// A JSON document with a top-level integer version field, read by `DocumentDecoder`.
protocol VersionedDocument: Decodable {
    /// The name of the version field (`schemaVersion`, `version`).
    static var versionKey: String { get }
    /// The only version this code reads.
    static var supportedVersion: Int { get }
    /// The first problem JSON decoding cannot express (duplicates, inconsistent counts).
    func inconsistency() -> DecodingFailure?
}

/// Reads a versioned JSON document (results, limits): the version first, so a file from
/// another version is reported as such rather than as corrupt, then the whole document, then
/// its consistency. Every error names the file and a JSON path.
enum DocumentDecoder {
    /// Reads and decodes the file at `url`.
    /// - Complexity: O(file size).
    static func read<Document: VersionedDocument>(
        _: Document.Type, from url: URL
    ) throws(DocumentError) -> Document {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: FileErrorReason.describe(error))
        }
        return try decode(Document.self, from: data, file: url.path)
    }

    /// Decodes `data`; `file` names the source in errors.
    /// - Complexity: O(data) for the version probe plus the full decode.
    static func decode<Document: VersionedDocument>(
        _: Document.Type, from data: Data, file: String
    ) throws(DocumentError) -> Document {
        let failure: DecodingFailure
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let version = try decoder.decode(VersionProbe<Document>.self, from: data).version
            guard version == Document.supportedVersion else {
                throw DocumentError.unsupportedVersion(file: file, key: Document.versionKey, found: version,
                                                          supported: Document.supportedVersion)
            }
            let document = try decoder.decode(Document.self, from: data)
            guard let inconsistency = document.inconsistency() else { return document }
            failure = inconsistency
        } catch let error as DocumentError {
            throw error
        } catch let error as DecodingError {
            failure = syntaxFailure(in: data) ?? DecodingFailure(error)
        } catch {
            failure = DecodingFailure(path: "$", reason: String(describing: error))
        }
        throw .corrupt(file: file, path: failure.path, reason: failure.reason)
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
