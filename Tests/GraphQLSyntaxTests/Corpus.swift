import Foundation
import GraphQLSyntax

/// The corpus of documents under `Corpus/`, shared with scripts/conformance.py:
/// `valid/` holds documents graphql-core accepts, `invalid/` documents it rejects.
enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// The `.graphql` files of one subfolder, sorted by name.
    static func files(_ subfolder: String) -> [URL] {
        let directory = folder.appendingPathComponent(subfolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// The file's bytes as a source named by its file name.
    static func source(_ url: URL) throws -> Source {
        Source(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
    }
}

/// Parses text that must be valid.
func parsed(_ text: String) throws -> Document {
    try parse(Source(text: text, name: "test.graphql"))
}

/// The error parsing `text` fails with, or nil if it parses.
func syntaxError(_ text: String) -> SyntaxError? {
    syntaxError(Source(text: text, name: "test.graphql"))
}

func syntaxError(_ source: Source) -> SyntaxError? {
    do {
        _ = try parse(source)
        return nil
    } catch {
        return error
    }
}

/// The single argument value of the document's first field: `{ f(x: VALUE) }`.
func argumentValue(_ valueText: String) throws -> Value? {
    let document = try parsed("{ f(x: \(valueText)) }")
    guard case .operation(let operation) = document.definitions.first,
          case .field(let field) = operation.selectionSet.selections.first else { return nil }
    return field.arguments.first?.value
}

/// The string value of `{ f(x: LITERAL) }`.
func stringValue(_ literal: String) throws -> StringValue? {
    guard case .string(let value) = try argumentValue(literal) else { return nil }
    return value
}
