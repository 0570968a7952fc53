// FanOut: normalizing a response and reading it back when each fragment spreads the next one
// twice, against the depth of the chain. Spreads are memoized per record (SpreadMemo), so
// the cost grows with the number of fragments, not with 2^depth as it did (20 levels took
// 2.5 s to normalize, issue 13):
//
//   FanOut/normalize/<depth>   ResponseNormalizer.normalize of the one-object response
//   FanOut/read/<depth>        StoreReader.read of it from a store that holds it
import GraphQLSyntax
import Lattice
import LatticeBench
import LatticeSuite
import LabSupport

/// Fan-out depths up to what `Compiler.maximumDepth` allows (the query's two sets first).
let depths = [2, 8, 16, 24, 32, Compiler.maximumDepth - 2]

/// `query Q { root { ...F0 } }` and fragments F0…F(depth - 1), each selecting `name` and
/// spreading the next twice.
func fanOut(depth: Int) -> String {
    var text = "query Q { root { ...F0 } }\n"
    for index in 0..<depth {
        let spreads = index + 1 < depth ? " ...F\(index + 1) ...F\(index + 1)" : ""
        text += "fragment F\(index) on T { name\(spreads) }\n"
    }
    return text
}

/// What the suite could not make.
enum FanOutError: Error {
    case missing(String)
}

@MainActor
func benchmarks() throws -> [Benchmark] {
    let schema = try SchemaBuilder.build(sources: [Source(text: "type Query { root: T } type T { name: String }",
                                                          name: "fan-out.graphql")])
    let response = GraphQLResponse(data: .object(["root": .object(["name": .string("n")])]))
    return try depths.flatMap { depth in
        let artifacts = try Compiler.compile(sources: [Source(text: fanOut(depth: depth), name: "Q.graphql")],
                                             schema: schema)
        guard let query = artifacts["Q"] else { throw FanOutError.missing("operation Q") }
        return [
            Benchmark(SuiteBenchmark.fanOut(step: "normalize", depth: depth).nameInExecutable, setUp: { BoundArtifact(query) }) { bound in
                blackHole(try ResponseNormalizer.normalize(response, for: bound))
            },
            // The store is kept with its root: a record outliving its store reads as missing.
            Benchmark(SuiteBenchmark.fanOut(step: "read", depth: depth).nameInExecutable, setUp: { () throws -> (BoundArtifact, Store, Record) in
                let bound = BoundArtifact(query)
                let store = Store()
                try store.commit(response, for: bound)
                guard let root = store.record(.root) else { throw FanOutError.missing("the root record") }
                guard StoreReader.read(bound, root: root).missing.isEmpty else { throw FanOutError.missing("data to read") }
                return (bound, store, root)
            }) { state in
                blackHole(StoreReader.read(state.0, root: state.2))
            },
        ]
    }
}

runSuite("FanOut") { try benchmarks() }
