import LatticeBench

/// Why a bench could not do its work (`lattice bench` exits 1): the run of the suite failed
/// closed, a file could not be read or written, or something else said in a line.
public enum BenchError: Error, CustomStringConvertible {
    /// A run of the suite failed closed.
    case suite(SuiteFailure)
    /// An input or output file, named.
    case file(JSONFileError)
    /// Something else, said in a line.
    case other(String)

    /// The line `lattice bench` prints.
    public var description: String {
        switch self {
        case .suite(let failure): failure.description
        case .file(let error): "\(error)"
        case .other(let text): text
        }
    }
}
