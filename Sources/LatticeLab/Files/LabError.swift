import LatticeBench

/// Why the lab's report, compare or gate could not do its work. Each case names the file
/// and, for contents, where in it. Commands answer with `ExitStatus.couldNotRun` and leave
/// every output as it was.
public enum LabError: Error, CustomStringConvertible {
    /// A results file could not be used.
    case results(ResultsFileError)
    /// A limits file could not be used.
    case limits(LimitsFileError)
    /// A file could not be read.
    case unreadable(file: String, reason: String)
    /// A file is not what it should be; `path` is a JSON path (`$` = whole file) or a place.
    case corrupt(file: String, path: String, reason: String)
    /// An output could not be written.
    case unwritable(file: String, reason: String)

    public var description: String {
        switch self {
        case .results(let error): "\(error)"
        case .limits(let error): "\(error)"
        case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
        case .corrupt(let file, let path, let reason): "\(file): \(path): \(reason)"
        case .unwritable(let file, let reason): "\(file): cannot write: \(reason)"
        }
    }
}
