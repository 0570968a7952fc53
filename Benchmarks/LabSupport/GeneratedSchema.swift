import GraphQLSyntax
import Lattice
import LatticeTesting

/// A generated schema and documents for the benchmarks whose subject is a number of fields
/// or of handles rather than a spec/ operation (field reads, read and commit scaling).
///
/// Schema: `type Query { row: Row, item(id: ID!): Row }` and `type Row { id: ID!, f0: String,
/// ... }`. Documents: `Row_<n>` selects the first n fields of `row` (optionally under
/// `@throwOnFieldError`, so its verdict walks every one); `Item` selects the first
/// `itemFields` fields of `item(id:)` under `@throwOnFieldError`, one root per id. Every
/// field `f<i>` holds the string `v<i>`.
public enum GeneratedSchema {
    /// The name of the `Item` query.
    public static let itemName = "Item"

    /// The name of the row document selecting `fields` fields.
    public static func rowName(_ fields: Int) -> String { "Row_\(fields)" }

    /// The field names `f0` ... `f<count - 1>`.
    public static func keys(_ count: Int) -> [String] { (0..<max(0, count)).map { "f\($0)" } }

    /// Compiles the schema (rows as wide as the largest document needs, with spec/'s client
    /// directives) with one row document per size and the `Item` query.
    /// - Throws: `FixtureLoadError` when spec/ is not found, `CompileFailure` (a bug in this
    ///   generator).
    public static func program(rowSizes: [Int], throwOnFieldError: Bool, itemFields: Int = 8) throws -> Program {
        let width = max(itemFields, rowSizes.max() ?? 1)
        let sdl = "type Query { row: Row\n item(id: ID!): Row }\ntype Row { id: ID!\n"
            + keys(width).map { "  \($0): String\n" }.joined() + "}\n"
        let schema = try SchemaBuilder.build(sources: [
            Source(text: sdl, name: "generated/schema.graphql"),
        ])
        let directive = throwOnFieldError ? " @throwOnFieldError" : ""
        var documents = rowSizes.map { size in
            Source(text: "query \(rowName(size))\(directive) { row { \(keys(size).joined(separator: " ")) } }",
                   name: "generated/\(rowName(size)).graphql")
        }
        documents.append(Source(text: "query \(itemName)($id: ID!) @throwOnFieldError { item(id: $id) { "
                                    + keys(itemFields).joined(separator: " ") + " } }",
                                name: "generated/\(itemName).graphql"))
        return try Program(schema: schema, documents: documents)
    }

    /// The answer to `Row_<fields>`.
    public static func rowResponse(fields: Int) -> GraphQLResponse {
        GraphQLResponse(data: .object(["row": row(id: "Row:0", fields: fields)]))
    }

    /// The answer to `Item` for `id`.
    public static func itemResponse(id: String, fields: Int = 8) -> GraphQLResponse {
        GraphQLResponse(data: .object(["item": row(id: id, fields: fields)]))
    }

    private static func row(id: String, fields: Int) -> JSONValue {
        var row: [String: JSONValue] = ["id": .string(id), "__typename": .string("Row")]
        for (index, key) in keys(fields).enumerated() { row[key] = .string("v\(index)") }
        return .object(row)
    }
}
