import Foundation
import LatticeBench

/// Reading the lab's inputs, each failure a `JSONFileError` that names the file.
public enum LabFiles {
    /// Reads and validates a results file. - Throws: `JSONFileError`.
    public static func results(_ path: String) throws(JSONFileError) -> ResultsFile {
        try ResultsFile.read(from: URL(fileURLWithPath: path))
    }

    /// Reads and validates the lab's limits file. - Throws: `JSONFileError`.
    public static func limits(_ path: String) throws(JSONFileError) -> LabLimits {
        try LabLimits.read(from: URL(fileURLWithPath: path))
    }

    /// Reads a whole file. - Throws: `JSONFileError.unreadable`.
    public static func data(_ path: String) throws(JSONFileError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: FileErrorReason.describe(error))
        }
    }
}
