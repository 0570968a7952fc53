import Foundation
import GraphQLSyntax

/// Reads a file's bytes as a `Source` named by its path.
/// - Throws: `CommandError.unreadable` when the file cannot be read.
func readSource(_ path: String) throws(CommandError) -> Source {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .unreadable(path: path)
    }
    return Source(bytes: [UInt8](data), name: path)
}

/// A syntax error as the commands print it: `FILE:LINE:COLUMN: message`, the offending
/// line, and a caret under the column.
func report(_ error: SyntaxError) {
    printError("\(error)\n\(error.snippet)\n")
}
