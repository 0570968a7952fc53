// GenerateScaling: `lattice generate`'s work, in process, as an app's document count grows:
//
//   GenerateScaling/<operations>   a schema and <operations> documents, one query each (every
//                                  tenth with a fragment of its own), parsed, compiled
//                                  (`Program`) and generated into Swift (`SwiftGenerator`)
//
// at 1,000 and 10,000 documents. Its goal (spec/limits.json): linear, the larger at most 11
// times the smaller. And what an app pays at launch for the program it generated (issue 37):
//
//   GenerateScaling/programLaunch  spec/'s generated program (SpecLenses' `SpecProgram`: the
//                                  definitions' compiled form, with the schema's and the
//                                  documents' text, as Swift literals) built,
//                                  `Program(generated:)`, and its first query's request made:
//                                  what an app pays before it can send its first query
//
// Its goal: at most 1 ms. Compiling every document at launch took 6.4-11.6 ms; compiling only
// the first query's definitions, with the schema built and the documents parsed, about 2.5 ms;
// now nothing is parsed or compiled: Dashboard and the fragments it spreads are decoded from
// their compiled form (`Program(generated:)`). Before issue 36, taken names were copied into
// every nested scope and the compiler copied its artifacts at each insertion: 8,000 operations
// took 7.3 s of CPU, 32,000 110 s. Nothing is written to disk and nothing compiled
// (GeneratedCompile measures swiftc);
// no instructions but programLaunch's: a sample of 10,000 documents under callgrind would take
// minutes.
import LabSupport
import Lattice
import LatticeBench
import LatticeCodegen
import LatticeSuite
import SpecLenses

/// The documents of one size, made before the clock starts.
struct Documents {
    static let schema = GraphQLSource(text: """
        type Query { book(id: ID!): Book, shelf(id: ID!): Shelf }
        type Book { id: ID!, title: String, year: Int, author: Author }
        type Author { id: ID!, name: String, books(first: Int): [Book] }
        type Shelf { id: ID!, name: String, books(first: Int): [Book] }

        """, name: "schema.graphql")

    let sources: [GraphQLSource]

    init(operations: Int) {
        sources = (0..<operations).map { index in
            let text = index % 10 == 0
                ? """
                  query Shelf\(index)($id: ID!) { shelf(id: $id) { id name books(first: \(index % 50 + 1)) { ...Row\(index) } } }
                  fragment Row\(index) on Book { id title author { id name } }

                  """
                : "query Book\(index)($id: ID!) { book(id: $id) { id title year author { id name } } }\n"
            return GraphQLSource(text: text, name: "Operation\(index).graphql")
        }
    }

    /// Compiles and generates; the Swift files' total length, so nothing is optimized away.
    func generate() throws -> Int {
        let schema = try SchemaBuilder.build(sources: [Self.schema])
        let output = try SwiftGenerator.generate(try Program(schema: schema, documents: sources))
        return output.files.reduce(0) { $0 + $1.text.utf8.count }
    }
}

runSuite("GenerateScaling") {
    [1_000, 10_000].map { operations in
        Benchmark(SuiteBenchmark.generateScaling(operations: operations).nameInExecutable, metrics: [.wallTime, .mallocs],
                  setUp: { Documents(operations: operations) }) { documents in
            blackHole(try documents.generate())
        }
    } + [
        // A new Program each sample, as a launch builds it (`SpecProgram.program` is built once).
        Benchmark(SuiteBenchmark.programLaunch.nameInExecutable, metrics: [.wallTime, .instructions, .mallocs]) {
            let program = Program(generated: SpecProgram.self)
            blackHole(program.request(for: program[generated: DashboardQuery.self], variables: [:]))
        },
    ]
}
