import Foundation

/// A JSON file with a top-level integer version field, read by `JSONFileDecoder`.
public protocol VersionedJSONFile: Decodable {
    /// The name of the version field (`schemaVersion`, `version`).
    static var versionKey: String { get }
    /// The only version this code reads.
    static var supportedVersion: Int { get }
    /// The first problem JSON decoding cannot express (duplicates, inconsistent counts).
    func inconsistency() -> DecodingFailure?
}

/// Reads a versioned JSON file (results, limits): the version first, so a file from
/// another version is reported as such rather than as corrupt, then the whole file, then
/// its consistency. Every error names the file and a JSON path.
public enum JSONFileDecoder {
    /// Reads and decodes the file at `url`.
    /// - Complexity: O(file size).
    public static func read<File: VersionedJSONFile>(
        _: File.Type, from url: URL
    ) throws(JSONFileError) -> File {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: FileErrorReason.describe(error))
        }
        return try decode(File.self, from: data, file: url.path)
    }

    /// Decodes `data`; `file` names the source in errors.
    /// - Complexity: O(data) for the version probe plus the full decode.
    public static func decode<File: VersionedJSONFile>(
        _: File.Type, from data: Data, file: String
    ) throws(JSONFileError) -> File {
        let failure: DecodingFailure
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let version = try decoder.decode(VersionProbe<File>.self, from: data).version
            guard version == File.supportedVersion else {
                throw JSONFileError.unsupportedVersion(file: file, key: File.versionKey, found: version,
                                                       supported: File.supportedVersion)
            }
            let decoded = try decoder.decode(File.self, from: data)
            guard let inconsistency = decoded.inconsistency() else { return decoded }
            failure = inconsistency
        } catch let error as JSONFileError {
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

    /// Reads only the top-level integer under `File.versionKey`.
    private struct VersionProbe<File: VersionedJSONFile>: Decodable {
        let version: Int

        init(from decoder: any Decoder) throws {
            version = try decoder.container(keyedBy: AnyKey.self)
                .decode(Int.self, forKey: AnyKey(stringValue: File.versionKey))
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
