import Foundation
import LatticeBench

/// Reading the lab's inputs, each failure a `LabError` that names the file.
public enum LabFiles {
    /// Reads and validates a results file. - Throws: `LabError.results`.
    public static func results(_ path: String) throws(LabError) -> ResultsFile {
        do {
            return try ResultsFile.read(from: URL(fileURLWithPath: path))
        } catch {
            throw .results(error)
        }
    }

    /// Reads and validates a limits file. - Throws: `LabError.limits`.
    public static func limits(_ path: String) throws(LabError) -> LimitsFile {
        do {
            return try LimitsFile.read(from: URL(fileURLWithPath: path))
        } catch {
            throw .limits(error)
        }
    }

    /// Reads a whole file. - Throws: `LabError.unreadable`.
    public static func data(_ path: String) throws(LabError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
    }
}
