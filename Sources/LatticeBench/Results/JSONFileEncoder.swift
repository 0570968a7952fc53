import Foundation

/// Writes JSON as the harness and the lab keep it: pretty-printed, keys sorted, slashes
/// unescaped, dates ISO 8601, so equal values give equal bytes and a rewrite of one value
/// changes one line. The writing half of `JSONFileDecoder`.
public enum JSONFileEncoder {
    /// `value` as a file's bytes, with a trailing newline.
    /// - Throws: `JSONFileError.unwritable` naming `file` when it cannot be encoded.
    /// - Complexity: O(size of the value).
    public static func encoded(_ value: some Encodable, file: String) throws(JSONFileError) -> Data {
        do {
            return try data(value) + Data("\n".utf8)
        } catch {
            throw .unwritable(file: file, reason: "\(error)")
        }
    }

    /// `value` encoded, without a trailing newline.
    /// - Throws: the encoder's error (not expected for finite values).
    static func data(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    /// `value` as UTF-8 text with a trailing newline, for the renderers that print JSON.
    /// - Throws: the encoder's error (not expected for finite values).
    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try data(value), as: UTF8.self) + "\n"
    }
}
