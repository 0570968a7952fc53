/// Why a JSON file (a results file, a limits file, a history, an output being
/// written) could not be read, written or merged. Each case names the file as given
/// and, for contents, the JSON path of the problem; commands answer it with
/// `ExitStatus.couldNotRun` and leave every output as it was.
public enum JSONFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(file: String, reason: String)
    /// The file is not a valid file of its kind; `path` is a JSON path (`$` = whole file).
    case corrupt(file: String, path: String, reason: String)
    /// The file declares, under `key`, a version this reader does not understand.
    case unsupportedVersion(file: String, key: String, found: Int, supported: Int)
    /// The file could not be written.
    case unwritable(file: String, reason: String)
    /// A merge was given no files.
    case nothingToMerge
    /// Two merged files both contain a benchmark of this name.
    case duplicateBenchmark(name: String)
    /// Merged files disagree on something that must be the same (`field`: machine,
    /// toolchain, revision), with both values.
    case incompatible(field: String, first: String, other: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .corrupt(let file, let path, let reason):
            "\(file): \(path): \(reason)"
        case .unsupportedVersion(let file, let key, let found, let supported):
            "\(file): $.\(key): version \(found) is not supported (this reader reads \(supported))"
        case .unwritable(let file, let reason):
            "\(file): cannot write: \(reason)"
        case .nothingToMerge:
            "no results files to merge"
        case .duplicateBenchmark(let name):
            "benchmark \"\(name)\" appears in more than one results file"
        case .incompatible(let field, let first, let other):
            "cannot merge results measured with different \(field): \"\(first)\" and \"\(other)\""
        }
    }
}
