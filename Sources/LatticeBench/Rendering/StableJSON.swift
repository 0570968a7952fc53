import Foundation

/// The JSON text every JSON renderer writes: pretty-printed, keys sorted, slashes unescaped,
/// so equal inputs give equal bytes and diffs stay readable.
enum StableJSON {
    /// `value` encoded as UTF-8 JSON text with a trailing newline.
    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try data(value), as: UTF8.self) + "\n"
    }

    /// `value` encoded; dates as ISO 8601.
    static func data(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }
}
