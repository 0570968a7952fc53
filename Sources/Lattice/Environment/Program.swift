import GraphQLSyntax

/// The documents an app runs: every operation and fragment compiled against the schema, with
/// the text each operation is sent as.
///
/// Built once and shared: it is immutable and `Sendable`, so the lab's three environments
/// (one per phase strategy) use the same artifacts.
public final class Program: Sendable {
    /// The schema the documents were compiled against.
    public let schema: Schema
    /// Every operation and fragment, by definition name.
    public let artifacts: [String: Artifact]
    /// Each definition's own text, as written, by name.
    private let texts: [String: String]

    /// Parses and compiles `documents` against `schema`.
    /// - Throws: every syntax and validation problem, each at `FILE:LINE:COLUMN`.
    /// - Complexity: O(size of the documents).
    public init(schema: Schema, documents: [GraphQLSource]) throws(CompileFailure) {
        var inputs: [Compiler.Input] = []
        var diagnostics: [Diagnostic] = []
        var texts: [String: String] = [:]
        for source in documents {
            do {
                let document = try parse(source)
                inputs.append((document, source.name))
                for definition in document.definitions {
                    guard let name = definition.executableName else { continue }
                    let range = definition.location.start..<definition.location.end
                    texts[name] = String(decoding: source.bytes[range], as: UTF8.self)
                }
            } catch {
                diagnostics.append(Diagnostic(syntax: error))
            }
        }
        guard diagnostics.isEmpty else { throw CompileFailure(diagnostics: diagnostics) }
        self.schema = schema
        self.artifacts = try Compiler.compile(inputs, schema: schema)
        self.texts = texts
    }

    /// The artifact named `name`, if compiled. - Complexity: O(1).
    public subscript(name: String) -> Artifact? { artifacts[name] }

    /// The request that runs `operation` with `variables` as the caller gave them (the
    /// server applies the declared defaults): its text followed by every fragment it spreads,
    /// transitively, in name order (the convention spec/ and its server use).
    /// - Complexity: O(fragments reached + text length).
    public func request(for operation: Artifact, variables: [String: JSONValue]) -> GraphQLRequest {
        var fragments: [String: Artifact] = [:]
        var pending = operation.spreadFragments
        while let fragment = pending.popLast() {
            guard fragments.updateValue(fragment, forKey: fragment.name) == nil else { continue }
            pending.append(contentsOf: fragment.spreadFragments)
        }
        let parts = [operation.name] + fragments.keys.sorted()
        let query = parts.compactMap { texts[$0] }.joined(separator: "\n\n")
        return GraphQLRequest(query: query, operationName: operation.name, variables: variables)
    }
}

extension Definition {
    /// The name of an operation or fragment definition; `nil` for type-system definitions
    /// and anonymous operations.
    fileprivate var executableName: String? {
        switch self {
        case .operation(let operation): operation.name?.value
        case .fragment(let fragment): fragment.name.value
        case .schema, .scalarType, .objectType, .interfaceType, .unionType, .enumType,
             .inputObjectType, .directive, .directiveExtension, .schemaExtension, .scalarTypeExtension,
             .objectTypeExtension, .interfaceTypeExtension, .unionTypeExtension,
             .enumTypeExtension, .inputObjectTypeExtension:
            nil
        }
    }
}
