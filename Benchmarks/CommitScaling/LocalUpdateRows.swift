import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting

/// Twenty rows on screen, a body each reading its row's `title` and client-only `isSelected`,
/// and one row's field written over and over: `isSelected` by a local update, or `title` by a
/// response to a one-field query of the row (what a server commit of one field costs). Each
/// write alternates its value, so each notifies the one body that reads it.
@MainActor
final class LocalUpdateRows {
    static let rows = 20
    static let schema = "type Query { rows: [Row!]!, row(id: ID!): Row }\ntype Row { id: ID!, title: String }"
    static let clientSchema = "extend type Row { isSelected: Boolean }"
    static let documents = """
    query Rows { rows { id title isSelected } }
    query RowTitle($id: ID!) { row(id: $id) { id title } }
    """

    let environment: Environment
    let probes: [BodyProbe<String>]
    private let rowTitle: Artifact
    private let written = DataID("Row:0")
    private var flag = false

    init() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schema, name: "rows.graphql")],
                                             clientSources: [GraphQLSource(text: Self.clientSchema, name: "client.graphql")])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: Self.documents, name: "Rows.graphql")])
        guard let rows = program["Rows"], let rowTitle = program["RowTitle"] else {
            throw LoadedHandleError.unknownOperation("Rows")
        }
        let environment = Environment(program: program, transport: FixtureTransport(responses: []),
                                      configuration: .init(clock: ManualScheduler()))
        let items = (0..<Self.rows).map { index -> JSONValue in
            .object(["id": .string("Row:\(index)"), "title": .string("row \(index)")])
        }
        try environment.commit(GraphQLResponse(data: .object(["rows": .array(items)])), for: rows)
        let handle = environment.attach(rows, policy: .storeOnly)
        guard case .ready(let data) = handle.phase, let lenses: [Lens] = try? data.read("rows"),
              lenses.count == Self.rows else {
            throw LoadedHandleError.notReady(operation: rows.name, phase: handle.phase.name)
        }
        probes = lenses.map { row in
            BodyProbe { "\((try? row.read("title") as String?) ?? nil ?? "") \((try? row.read("isSelected") as Bool?) ?? nil ?? false)" }
        }
        self.environment = environment
        self.rowTitle = rowTitle
    }

    /// Body re-runs so far, all rows'.
    var bodies: Int { probes.reduce(0) { $0 + $1.reruns } }

    /// Sets the first row's `isSelected` to the other value by a local update, then renders.
    func setClientField() {
        flag.toggle()
        let (written, flag) = (written, flag)
        do {
            try environment.commitLocalUpdate { try $0.set("isSelected", of: written, to: .bool(flag)) }
        } catch {
            preconditionFailure("LocalUpdateRows.setClientField(): \(error)")
        }
        render()
    }

    /// Writes the first row's `title` to the other value by a response to `RowTitle`, then renders.
    func commitServerField() {
        flag.toggle()
        let row: JSONValue = .object(["id": .string(written.rawValue), "title": .string(flag ? "changed" : "row 0")])
        do {
            try environment.commit(GraphQLResponse(data: .object(["row": row])), for: rowTitle,
                                   variables: ["id": .string(written.rawValue)])
        } catch {
            preconditionFailure("LocalUpdateRows.commitServerField(): \(error)")
        }
        render()
    }

    private func render() {
        for probe in probes { probe.flush() }
    }
}

/// The two writes the local-update goal compares.
@MainActor
func localUpdateBenchmarks() -> [Benchmark] {
    [("clientField", true), ("serverField", false)].map { write, client in
        Benchmark(SuiteBenchmark.localUpdate(write: write).nameInExecutable,
                  metrics: [.wallTime, .cpuTime, .mallocs, .instructions],
                  setUp: { try LocalUpdateRows() },
                  counts: { ["bodies": $0.bodies] },
                  operation: { client ? $0.setClientField() : $0.commitServerField() })
    }
}
