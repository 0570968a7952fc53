import Foundation
import GraphQLSyntax
import LatticeBench

/// Reads a file's bytes as a `Source` named by its path.
/// - Throws: `CommandError.unreadable` when the file cannot be read.
func readSource(_ path: String) throws(CommandError) -> Source {
    Source(bytes: [UInt8](try readFile(path)), name: path)
}

/// Reads a whole file.
/// - Throws: `CommandError.unreadable` with the operating system's reason.
func readFile(_ path: String) throws(CommandError) -> Data {
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw .unreadable(path: path, reason: FileErrorReason.describe(error))
    }
}

/// A syntax error as the commands print it: `FILE:LINE:COLUMN: message`, the offending
/// line, and a caret under the column.
func report(_ error: SyntaxError) {
    printError("\(error)\n\(error.snippet)\n")
}
