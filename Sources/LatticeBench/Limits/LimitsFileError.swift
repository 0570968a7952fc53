/// Why a limits file could not be used. Each case names the file and, for contents, the JSON
/// path of the problem. Callers exit with `ExitStatus.couldNotRun`.
public enum LimitsFileError: DocumentError, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(file: String, reason: String)
    /// The file is not a valid limits document; `path` is a JSON path (`$` = whole file).
    case corrupt(file: String, path: String, reason: String)
    /// The file declares a version this reader does not understand.
    case unsupportedVersion(file: String, found: Int, supported: Int)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .corrupt(let file, let path, let reason):
            "\(file): \(path): \(reason)"
        case .unsupportedVersion(let file, let found, let supported):
            "\(file): $.version: version \(found) is not supported (this reader reads \(supported))"
        }
    }
}
