// FieldRead: what one field read costs, tracked against untracked, for a row body of eight
// fields (as the decision record measured: 638 ns tracked, 25.9 ns untracked, per field, on
// an M1 Pro) and for larger bodies. One operation is one body reading every field once:
//
//   FieldRead/dictionary/<n>           a [String: JSONValue] read by key (no observation)
//   FieldRead/lensUntracked/<n>        the store's lens, outside any tracking scope
//   FieldRead/lensTracked/<n>          the store's lens, inside a body's tracking scope
//   FieldRead/generatedUntracked/<n>   generated accessors (`lattice generate`), outside any scope;
//                                      the Item query has @throwOnFieldError, so they are the
//                                      throwing form (decision record 0010: the other form
//                                      reads the same, 15 instructions a body less)
//   FieldRead/generatedTracked/<n>     generated accessors, inside a body's tracking scope
//   FieldRead/observableUntracked/<n>  plain @Observable properties, outside any scope
//   FieldRead/observableTracked/<n>    plain @Observable properties, inside a body's scope
//
// Per field = per body / n (BENCHMARKS.md divides). Tracked scopes: LabSupport.TrackedScope.
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import Observation

/// Body sizes: the record's row of eight, and two larger bodies.
let sizes = [8, 32, 128]

/// Eight observable properties; a body of n fields reads n / 8 of these (and n / 8 generated
/// items of eight fields, each its own record, as an app's rows are).
@MainActor
@Observable
final class ObservableRow {
    var f0 = "v0"
    var f1 = "v1"
    var f2 = "v2"
    var f3 = "v3"
    var f4 = "v4"
    var f5 = "v5"
    var f6 = "v6"
    var f7 = "v7"
}

@MainActor
func readAll(_ rows: [ObservableRow]) {
    for row in rows {
        blackHole(row.f0); blackHole(row.f1); blackHole(row.f2); blackHole(row.f3)
        blackHole(row.f4); blackHole(row.f5); blackHole(row.f6); blackHole(row.f7)
    }
}

@MainActor
func readAll(_ lens: Lens, _ keys: [String]) throws {
    for key in keys {
        let value: String? = try lens.read(key)
        blackHole(value)
    }
}

/// A lens over a generated row of `fields` fields, and the scope tracked runs use.
@MainActor
final class LensBody {
    let store: Store
    let lens: Lens
    let keys: [String]
    let scope = TrackedScope()
    init(fields: Int) throws {
        let program = try GeneratedSchema.program(rowSizes: [fields], throwOnFieldError: false)
        guard let artifact = program[GeneratedSchema.rowName(fields)] else {
            throw LoadedHandleError.unknownOperation(GeneratedSchema.rowName(fields))
        }
        let operation = BoundArtifact(artifact)
        let store = Store()
        try store.commit(GeneratedSchema.rowResponse(fields: fields), for: operation)
        guard let root = store.record(.root), let row: Lens = try Lens(operation, record: root).read("row") else {
            throw LoadedHandleError.notReady(operation: artifact.name, phase: "no row")
        }
        self.store = store
        lens = row
        keys = GeneratedSchema.keys(fields)
    }
}

@MainActor
func readAll(_ items: [ItemQuery.Data.Item]) throws(ReadError) {
    for item in items {
        blackHole(try item.f0); blackHole(try item.f1); blackHole(try item.f2); blackHole(try item.f3)
        blackHole(try item.f4); blackHole(try item.f5); blackHole(try item.f6); blackHole(try item.f7)
    }
}

/// n / 8 items of `GeneratedSchema`'s `Item` query, one root each, read through the lens
/// `lattice generate` wrote for it (LabSupport/Generated).
@MainActor
final class GeneratedBody {
    let store = Store()
    let items: [ItemQuery.Data.Item]
    let scope = TrackedScope()
    init(fields: Int) throws {
        let program = try GeneratedSchema.program(rowSizes: [], throwOnFieldError: false)
        guard let artifact = program[GeneratedSchema.itemName] else {
            throw LoadedHandleError.unknownOperation(GeneratedSchema.itemName)
        }
        var items: [ItemQuery.Data.Item] = []
        for index in 0..<max(1, fields / 8) {
            let id = "Item:\(index)"
            let bound = BoundArtifact(artifact, variables: ["id": .string(id)])
            try store.commit(GeneratedSchema.itemResponse(id: id), for: bound)
            guard let root = store.record(.root), let item = try ItemQuery.Data(lens: Lens(bound, record: root)).item else {
                throw LoadedHandleError.notReady(operation: artifact.name, phase: "no item")
            }
            items.append(item)
        }
        self.items = items
    }
}

@MainActor
final class ObservableBody {
    let rows: [ObservableRow]
    let scope = TrackedScope()
    init(fields: Int) { rows = (0..<max(1, fields / 8)).map { _ in ObservableRow() } }
}

@MainActor
func benchmarks() -> [Benchmark] {
    sizes.flatMap { size -> [Benchmark] in
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<size).map { ("f\($0)", JSONValue.string("v\($0)")) })
        let keys = (0..<size).map { "f\($0)" }
        return [
            Benchmark(SuiteBenchmark.fieldRead(reader: "dictionary", fields: size).nameInExecutable, setUp: { (dictionary, keys) }) { state in
                for key in state.1 { blackHole(state.0[key]) }
            },
            Benchmark(SuiteBenchmark.fieldRead(reader: "lensUntracked", fields: size).nameInExecutable, setUp: { try LensBody(fields: size) }) { body in
                try readAll(body.lens, body.keys)
            },
            Benchmark(SuiteBenchmark.fieldRead(reader: "lensTracked", fields: size).nameInExecutable, setUp: { try LensBody(fields: size) }) { body in
                let failure: (any Error)? = body.scope.run {
                    do { try readAll(body.lens, body.keys); return nil } catch { return error }
                }
                if let failure { throw failure }
            },
            Benchmark(SuiteBenchmark.fieldRead(reader: "generatedUntracked", fields: size).nameInExecutable, setUp: { try GeneratedBody(fields: size) }) { body in
                try readAll(body.items)
            },
            Benchmark(SuiteBenchmark.fieldRead(reader: "generatedTracked", fields: size).nameInExecutable, setUp: { try GeneratedBody(fields: size) }) { body in
                let failure: ReadError? = body.scope.run {
                    do throws(ReadError) { try readAll(body.items); return nil } catch { return error }
                }
                if let failure { throw failure }
            },
            Benchmark(SuiteBenchmark.fieldRead(reader: "observableUntracked", fields: size).nameInExecutable, setUp: { ObservableBody(fields: size) }) { body in
                readAll(body.rows)
            },
            Benchmark(SuiteBenchmark.fieldRead(reader: "observableTracked", fields: size).nameInExecutable, setUp: { ObservableBody(fields: size) }) { body in
                body.scope.run { readAll(body.rows) }
            },
        ]
    }
}

runSuite("FieldRead") { benchmarks() }
