// Lifetime: memory while a list is scrolled, as a screen that shows one page at a time shows
// it: each page its own query, attached when it scrolls in and detached when it scrolls out, so
// the store keeps what the attached page and the release buffer (10, the default) reach.
//
//   Lifetime/scroll/<page>  from an empty environment, pages 1 to <page> of 50 items scrolled:
//                           each page attached, its answer committed, the page before it
//                           detached into the release buffer, and the turn ended (the clock's
//                           scheduled collection run, if a root left the buffer). Observed after
//                           the last page: `residentRecords`, the store's records, and
//                           `residentBytes`, the heap the environment holds (what dropping it
//                           frees). Counted: `collections` per scroll.
//
// Decision record 0007's limits judge them (spec/limits.json): after page 42 the store holds at
// most 1.2 times what it holds after page 10, by records and by bytes.
import Foundation
import GraphQLSyntax
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting

/// Items a page holds.
let pageSize = 50
/// The pages the limits compare, and two for the curve.
let pages = [1, 10, 21, 42]

let schemaSDL = """
type Query { page(number: Int!): Page }
type Page { number: Int! items: [Item!]! }
type Item { id: ID! title: String! number: Int! }
"""

let pageDocument = """
query ScrollPage($number: Int!) { page(number: $number) { number items { id title number } } }
"""

/// Page `number` (from 1): its items, each its own record.
func pageResponse(_ number: Int) -> GraphQLResponse {
    let first = (number - 1) * pageSize + 1
    let items: [JSONValue] = (first..<(first + pageSize)).map { item in
        .object(["id": .string("Item:\(item)"), "title": .string("Item \(item)"), "number": .int(item)])
    }
    return GraphQLResponse(data: .object(["page": .object(["number": .int(number), "items": .array(items)])]))
}

enum LifetimeError: Error {
    /// The scroll did not end where it claims: a bug in the set-up, not a measurement.
    case notScrolled(String)
}

/// A screen scrolled through `pages` pages, made anew by each `scroll()`.
@MainActor
final class ScrolledScreen {
    let program: Program
    let page: Artifact
    let responses: [GraphQLResponse]
    private(set) var environment: Environment?
    /// The page shown after the last scroll, attached.
    private var shown: OperationHandle?
    private(set) var collections = 0

    init(program: Program, pages: Int) throws {
        guard let page = program["ScrollPage"] else { throw LifetimeError.notScrolled("no ScrollPage") }
        self.program = program
        self.page = page
        responses = (1...pages).map(pageResponse)
    }

    /// Scrolls from an empty environment to the last page, ending each page's turn.
    func scroll() throws {
        let scheduler = ManualScheduler()
        let environment = Environment(program: program, transport: FixtureTransport(responses: []),
                                      configuration: .init(clock: scheduler, counting: true))
        shown = nil
        var shown: OperationHandle?
        for (index, response) in responses.enumerated() {
            let variables: [String: JSONValue] = ["number": .int(index + 1)]
            let next = environment.attach(page, variables: variables, policy: .storeOnly)
            _ = try environment.commit(response, for: page, variables: variables)
            shown?.detach()
            shown = next
            scheduler.advance(by: .zero)
        }
        guard case .ready? = shown?.phase else { throw LifetimeError.notScrolled("the last page shows no data") }
        collections += environment.counters?.total.collections ?? 0
        self.environment = environment
        self.shown = shown
    }

    /// The records the last scroll left, and the bytes dropping its environment frees.
    func resident() -> [String: Double] {
        // No local binding of the environment: it would keep it alive past the drop.
        guard let records = environment?.store.source.count else { return [:] }
        let held = LiveHeap.threadBytes()
        shown = nil
        environment = nil
        guard let held, let freed = LiveHeap.threadBytes() else { return ["residentRecords": Double(records)] }
        return ["residentRecords": Double(records), "residentBytes": Double(held - freed)]
    }
}

runSuite("Lifetime") {
    let schema = try SchemaBuilder.build(sources: [
        Source(text: schemaSDL, name: "lifetime/schema.graphql"),
    ])
    let program = try Program(schema: schema,
                              documents: [GraphQLSource(text: pageDocument, name: "lifetime/ScrollPage.graphql")])
    let metrics = Benchmark.defaultMetrics + [.observed(SuiteBenchmark.ObservedName.residentRecords, unit: .count),
                                              .observed(SuiteBenchmark.ObservedName.residentBytes, unit: .bytes)]
    return pages.map { page in
        Benchmark(SuiteBenchmark.lifetime(step: "scroll", page: page).nameInExecutable, metrics: metrics,
                  setUp: { try ScrolledScreen(program: program, pages: page) },
                  counts: { ["collections": $0.collections] }, observe: { $0.resident() }) { screen in
            try screen.scroll()
        }
    }
}
