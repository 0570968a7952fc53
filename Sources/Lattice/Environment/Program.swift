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
    /// Every operation's document as sent, with its persisted id, by operation name.
    public let documents: [String: PersistedDocument]

    /// Parses and compiles `documents` against `schema`.
    /// - Throws: every syntax and validation problem, each at `FILE:LINE:COLUMN`.
    /// - Complexity: O(size of the documents), the operations' sent texts hashed included.
    public init(schema: Schema, documents: [GraphQLSource]) throws(CompileFailure) {
        self.schema = schema
        let artifacts = try Compiler.compile(sources: documents, schema: schema)
        self.artifacts = artifacts
        self.documents = artifacts.compactMapValues { artifact in
            artifact.kind == .fragment ? nil : PersistedDocument(text: Self.text(of: artifact))
        }
    }

    /// The artifact named `name`, if compiled. - Complexity: O(1).
    public subscript(name: String) -> Artifact? { artifacts[name] }

    /// The persisted documents as a server loads them: id to text. - Complexity: O(operations).
    public var manifest: [String: String] {
        Dictionary(documents.values.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// The request that runs `operation` with `variables` as the caller gave them (the
    /// server applies the declared defaults): the operation's `requestText` (the document with
    /// the `id` and `__typename` the compiler added) followed by that of every fragment it
    /// spreads, transitively, in name order (the convention spec/ and its server use),
    /// separated by blank lines.
    /// - Complexity: O(fragments reached + text length).
    /// The request carries the document's id (`documents`) and its text; the environment's
    /// `PersistedDocumentPolicy` decides which of them goes.
    /// - Complexity: O(1) for an operation of this program, plus O(selections) for one whose
    ///   fragments take arguments; O(fragments reached + text length) for another's.
    public func request(for operation: Artifact, variables: [String: JSONValue]) -> GraphQLRequest {
        let ours = artifacts[operation.name] === operation
        let document = (ours ? documents[operation.name] : nil) ?? PersistedDocument(text: Self.text(of: operation))
        guard operation.hoistsFragmentVariables else {
            return GraphQLRequest(query: document.text, operationName: operation.name, variables: variables,
                                  documentID: document.id)
        }
        return GraphQLRequest(query: document.text, operationName: operation.name,
                              variables: variables.merging(Self.fragmentVariables(of: operation, under: variables)) { _, own in own },
                              documentID: document.id)
    }

    /// The text `operation` is sent as: its `requestText`, then every fragment it reaches in
    /// name order, separated by blank lines. - Complexity: O(fragments reached + text length).
    private static func text(of operation: Artifact) -> String {
        var fragments: [String: Artifact] = [:]
        var pending = operation.spreadFragments
        while let fragment = pending.popLast() {
            guard fragments.updateValue(fragment, forKey: fragment.name) == nil else { continue }
            pending.append(contentsOf: fragment.spreadFragments)
        }
        let parts = [operation] + fragments.sorted { $0.key < $1.key }.map(\.value)
        return parts.map(\.requestText).joined(separator: "\n\n")
    }

    /// The values of the fragment variables the operation's sent text declares
    /// (`Artifact.hoistedName`): each fragment's own, as its one spread gives them.
    /// - Complexity: O(selections of the operation and the fragments it reaches).
    private static func fragmentVariables(of operation: Artifact, under variables: [String: JSONValue]) -> [String: JSONValue] {
        var operationScope = variables
        for variable in operation.variables where operationScope[variable.name] == nil {
            if let value = variable.defaultValue { operationScope[variable.name] = value }
        }
        var values: [String: JSONValue] = [:]
        var seen: Set<ObjectIdentifier> = []
        func visit(_ set: ObjectSelection, scope: [String: JSONValue]) {
            for spread in Artifact.spreadNodes(in: set) where seen.insert(ObjectIdentifier(spread.fragment)).inserted {
                let own = spread.fragmentValues(under: scope)
                for (name, value) in own {
                    values[Artifact.hoistedName(fragment: spread.fragment.name, variable: name)] = value
                }
                visit(spread.fragment.selectionSet, scope: operationScope.merging(own) { _, own in own })
            }
        }
        visit(operation.selectionSet, scope: operationScope)
        return values
    }
}
