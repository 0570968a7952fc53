import Foundation
import GraphQLSyntax
import Lattice
import LatticeCodegen
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

/// Writes a whole file, atomically (a temporary file renamed over it).
/// - Throws: `CommandError.unwritable` with the operating system's reason.
func writeFile(_ data: Data, to path: String) throws(CommandError) {
    do {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw unwritable(error, writing: path)
    }
}

/// `CommandError.unwritable` for `error`, thrown while writing `path` (or a file in it): the
/// file the error names, else `path`, and the reason in words (`FileErrorReason`).
func unwritable(_ error: any Error, writing path: String) -> CommandError {
    .unwritable(path: FileErrorReason.file(of: error) ?? path, reason: FileErrorReason.describe(error))
}

/// A syntax error as the commands print it: `FILE:LINE:COLUMN: message`, the offending
/// line, and a caret under the column.
func report(_ error: SyntaxError) {
    printError("\(error)\n\(error.snippet)\n")
}

/// Builds the schema from `schemas` and compiles `documents` against it, as an app's
/// `Program`. Compile problems are printed as FILE:LINE:COLUMN: message.
/// - Returns: the program, or `nil` when there were compile problems (printed).
/// - Throws: `CommandError.unreadable` when a file cannot be read.
/// With `config`, its client schema files extend the schema, the schema is keyed as its
/// `identity` says and its `lookups` are checked against it; a configuration the schema
/// refuses is printed at the configuration's file.
func loadProgram(schemas: [String], documents: [String], config: GenerateConfig? = nil) throws(CommandError) -> Program? {
    let schemaSources = try schemas.map(readSource)
    let clientSources = try (config?.clientSchema ?? []).map(readSource)
    let documentSources = try documents.map(readSource)
    var schema: Schema
    do {
        schema = try SchemaBuilder.build(sources: schemaSources, clientSources: clientSources)
    } catch {
        printError(error.diagnostics.map { "\($0)\n" }.joined())
        return nil
    }
    var lookups = Lookups.none
    if let config {
        do {
            schema = try config.keyed(schema)
            lookups = try config.checkedLookups(schema: schema)
        } catch {
            printError("\(error)\n")
            return nil
        }
    }
    do {
        return try Program(schema: schema, documents: documentSources, lookups: lookups)
    } catch {
        printError(error.diagnostics.map { "\($0)\n" }.joined())
        return nil
    }
}
