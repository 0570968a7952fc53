import Lattice

/// Writes the program file, `<Name>.graphql.swift`: an enum conforming to `GeneratedProgram`
/// that carries the schema's SDL, every operation's and fragment's document, their compiled
/// form and the schema's digest, and builds the `Program` once, so an app's environment needs nothing else
/// (docs/generated-code.md, "The program").
///
/// Each text is one raw multi-line string literal (`rawLiteral(_:)`): exact for any text the
/// lexer accepted, and one token to the Swift compiler however long, so a large schema costs
/// its bytes and no type checking.
struct ProgramEmitter {
    let types: SwiftTypes
    /// The enum's name (`GenerateConfig.program`).
    let name: String

    /// The file's text. Sources are named by their last path component (so the text does not
    /// depend on where the files were checked out) and the documents sorted by that name.
    /// - Complexity: O(size of the schema and the documents).
    func emit(_ program: Program) -> String {
        var writer = SwiftWriter()
        writer.line(SwiftGenerator.header + " from the schema and the documents; do not edit.")
        writer.line("import Lattice")
        writer.line()
        writer.line("/// The schema and the documents the code beside it was generated from; "
                    + "`program` builds the `Program` once.")
        writer.block("\(types.access)enum \(name): GeneratedProgram") { writer in
            writer.line("\(types.access)static let schemaDigest = \(SwiftNames.literal(program.schema.digest))")
            writer.line("\(types.access)static let program = Program(generated: \(name).self)")
            emitCompiled(program, into: &writer)
            emitLookups(program.lookups, into: &writer)
            emitIdentity(program.schema.identity, into: &writer)
            emit(sources(program.schema.sources, sorted: false), named: "schema", into: &writer)
            // Only when there are client files: `GeneratedProgram` gives none by default, so
            // the programs of apps without any are as they were.
            if !program.schema.clientSources.isEmpty {
                emit(sources(program.schema.clientSources, sorted: false), named: "clientSchema", into: &writer)
            }
            emit(sources(program.sources, sorted: true), named: "documents", into: &writer)
        }
        return writer.text
    }

    /// `compiled`: each definition's compiled form, in name order, one line each.
    private func emitCompiled(_ program: Program, into writer: inout SwiftWriter) {
        let forms = program.compiledForms.sorted { $0.key < $1.key }
        guard !forms.isEmpty else { return writer.line("\(types.access)static let compiled: [String: String] = [:]") }
        writer.line("\(types.access)static let compiled: [String: String] = [")
        for (definition, form) in forms {
            writer.line("    \(SwiftNames.literal(definition)): \(SwiftNames.literal(form)),")
        }
        writer.line("]")
    }

    /// `lookups`, the coordinates `lattice generate` checked, when there are any (without,
    /// `GeneratedProgram`'s default, none, stands, and the file is as it was before lookups).
    private func emitLookups(_ lookups: Lookups, into writer: inout SwiftWriter) {
        guard !lookups.isEmpty else { return }
        let coordinates = lookups.fields.map { SwiftNames.literal($0.description) }.joined(separator: ", ")
        writer.line("\(types.access)static let lookups: [String] = [\(coordinates)]")
    }

    /// `identity`, the keys lattice.json configures, when it configures any (without,
    /// `GeneratedProgram`'s default stands, and the file is as it was before identity), one
    /// type a line in name order.
    private func emitIdentity(_ identity: RecordIdentity, into writer: inout SwiftWriter) {
        guard !identity.isDefault else { return }
        writer.block("\(types.access)static var identity: RecordIdentity") { writer in
            writer.line("RecordIdentity([")
            for name in identity.types.keys.sorted() {
                guard let type = identity.types[name] else { continue }
                writer.line("    \(SwiftNames.literal(name)): \(Self.literal(type)),")
            }
            writer.line("])")
        }
    }

    /// A `TypeIdentity` as Swift source.
    private static func literal(_ type: TypeIdentity) -> String {
        switch type {
        case .unkeyed: return ".unkeyed"
        case .keyed(let key):
            let fields = "[" + key.fields.map(SwiftNames.literal).joined(separator: ", ") + "]"
            switch key.scope {
            case .global: return ".keyed(RecordKey(fields: \(fields)))"
            case .type(let space): return ".keyed(RecordKey(fields: \(fields), scope: .type(space: \(SwiftNames.literal(space)))))"
            }
        }
    }

    /// `(name, text)` of each source, named by its last path component.
    private func sources(_ sources: [GraphQLSource], sorted: Bool) -> [(name: String, text: String)] {
        let named = sources.map { source in
            (name: GraphQLSource.fileName(source.name),
             text: String(decoding: source.bytes, as: UTF8.self))
        }
        return sorted ? named.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            .map(\.element) : named
    }

    private func emit(_ sources: [(name: String, text: String)], named member: String, into writer: inout SwiftWriter) {
        writer.block("\(types.access)static var \(member): [GraphQLSource]") { writer in
            writer.line("[")
            for source in sources {
                // The literal's lines start at the first column: a raw string strips no
                // indentation when its closing delimiter has none.
                writer.line("    GraphQLSource(text: " + Self.rawLiteral(source.text)
                            + ", name: \(SwiftNames.literal(source.name))),")
            }
            writer.line("]")
        }
    }

    /// `text` as a raw multi-line Swift string literal with one `#` more than the longest run
    /// of them in the text, so no quote, backslash or `#` in it ends the literal or starts an
    /// escape; the characters Swift would refuse or change in a literal (control characters
    /// but tab and newline, a carriage return, DEL, the line and paragraph separators, a byte
    /// order mark) are written as `\#u{…}` escapes. The literal's value is `text`, exactly.
    /// - Complexity: O(text's length).
    static func rawLiteral(_ text: String) -> String {
        var longest = 0
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "#" ? run + 1 : 0
            longest = max(longest, run)
        }
        let hashes = String(repeating: "#", count: longest + 1)
        var body = ""
        body.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A:
                body.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029, 0xFEFF:
                body += "\\" + hashes + "u{" + String(scalar.value, radix: 16) + "}"
            default:
                body.unicodeScalars.append(scalar)
            }
        }
        return hashes + "\"\"\"\n" + body + "\n\"\"\"" + hashes
    }
}
