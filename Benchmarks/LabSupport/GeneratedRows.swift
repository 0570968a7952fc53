import GraphQLSyntax
import Lattice

/// A generated schema of one wide row type, an operation selecting its first `fields`
/// fields, and a store holding the answer: the fixture of the benchmarks whose subject is
/// a number of fields rather than a spec operation (field reads, read scaling).
///
/// Schema: `type Query { row: Row }`, `type Row { id: ID!, f0: String, ... }`. Operation:
/// `query Row_<fields> [@throwOnFieldError] { row { f0 f1 ... } }`. Every field holds the
/// string `v<i>`.
@MainActor
public struct GeneratedRows {
    /// The operation, bound with no variables.
    public let operation: BoundArtifact
    /// The store holding the response.
    public let store: Store
    /// The selected field names, in order: `f0`, `f1`, ...
    public let keys: [String]

    /// Builds the schema, compiles the operation and commits its response.
    /// - Parameters:
    ///   - fields: how many fields of the row the operation selects (at least 1).
    ///   - throwOnFieldError: whether the operation carries `@throwOnFieldError`, so its
    ///     verdict walks every field.
    ///   - store: where to commit (a fresh store by default).
    /// - Throws: `CompileFailure` or `NormalizeError` (a bug in this generator).
    public init(fields: Int, throwOnFieldError: Bool, store: Store = Store()) throws {
        let count = max(1, fields)
        let keys = (0..<count).map { "f\($0)" }
        let sdl = "type Query { row: Row }\ntype Row { id: ID!\n"
            + keys.map { "  \($0): String\n" }.joined() + "}\n"
        let schema = try SchemaBuilder.build(sources: [Source(text: sdl, name: "rows.graphql")])
        let name = "Row_\(count)"
        let document = "query \(name)\(throwOnFieldError ? " @throwOnFieldError" : "") { row { "
            + keys.joined(separator: " ") + " } }"
        let artifacts = try Compiler.compile(sources: [Source(text: document, name: "\(name).graphql")],
                                             schema: schema)
        guard let artifact = artifacts[name] else { throw GeneratedRowsError.missingArtifact(name) }
        var row: [String: JSONValue] = ["id": .string("Row:1"), "__typename": .string("Row")]
        for (index, key) in keys.enumerated() { row[key] = .string("v\(index)") }
        operation = BoundArtifact(artifact)
        try store.commit(GraphQLResponse(data: .object(["row": .object(row)])), for: operation)
        self.store = store
        self.keys = keys
    }

    /// The lens of the row (the operation's `row` field).
    public func rowLens() throws -> Lens {
        guard let root = store.record(.root) else { throw GeneratedRowsError.missingRecord("root") }
        let lens: Lens? = try Lens(operation, record: root).read("row")
        guard let lens else { throw GeneratedRowsError.missingRecord("row") }
        return lens
    }
}

/// A generated fixture that did not come out as built; always a bug in the generator.
public enum GeneratedRowsError: Error {
    case missingArtifact(String)
    case missingRecord(String)
}
