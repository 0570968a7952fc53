import Foundation
import LatticeBench

/// Reading the lab's inputs, each failure a `DocumentError` that names the file.
public enum LabFiles {
    /// Reads and validates a results file. - Throws: `DocumentError`.
    public static func results(_ path: String) throws(DocumentError) -> ResultsFile {
        try ResultsFile.read(from: URL(fileURLWithPath: path))
    }

    /// Reads and validates a limits file. - Throws: `DocumentError`.
    public static func limits(_ path: String) throws(DocumentError) -> LimitsFile {
        try LimitsFile.read(from: URL(fileURLWithPath: path))
    }

    /// Reads a whole file. - Throws: `DocumentError.unreadable`.
    public static func data(_ path: String) throws(DocumentError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: FileErrorReason.describe(error))
        }
    }
}
