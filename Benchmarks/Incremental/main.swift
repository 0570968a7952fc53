// Incremental: an answer in parts (`@defer`, `@stream`) from bytes to screen, on a feed of 20
// payloads and 978 KiB, the shape of the record's system's multipart figure (20 parts, 978 KB,
// read in 16 KB chunks, 483 µs on an Apple M1 Pro):
//
//   Incremental/multipart/<KiB>    the body split into its parts by `MultipartMixedReader`,
//                                  fed in chunks of <KiB> KiB (1, 4, 16, 64): the reader's
//                                  chunked path alone; counts `parts` and `bytes`
//   Incremental/decoded/16         the same, each part decoded (`IncrementalPayload`)
//   Incremental/normalized/16      the same, each payload merged into the answer so far and
//                                  committed where it landed into a store (empty at the start),
//                                  as the environment does: the answer's whole path without a screen
//   Incremental/partsAlone/16      the same payloads read and decoded the same way, each part
//                                  committed as a single-part answer of its own into the same
//                                  store: the initial payload as one answer, each later part
//                                  merged into an answer holding only the way to its place (the
//                                  feed, its list empty: `PartAlone`) and committed where it
//                                  landed. The sum of the parts' own figures, which normalized/16
//                                  is judged against (no more than twice it): what the whole adds
//                                  is the merge into the answer so far and a streamed list's
//                                  earlier items named again for its links
//   Incremental/initial/16         from the first byte to the initial payload shown: its part
//                                  read, decoded, committed into an empty store and its fields
//                                  read through the lens
//   Incremental/part/1             one deferred part landing on a shown answer: merged,
//                                  committed, and the bodies it told re-run; counts
//                                  `partBodies` (bodies that read the part's field) and
//                                  `otherBodies` (bodies that did not, which must not re-run),
//                                  each with the events behind it in one landing (the event
//                                  log on, on an answer of its own outside the measured passes)
//   Incremental/largeMultipart/16  the feed's answer stretched to 1,041 payloads (about 51 MB),
//                                  split by the reader in 16 KiB chunks: its per-byte cost on a
//                                  large answer, against multipart/16's; counts `bytes`
//   Incremental/largeInitial/20000 an initial payload of 20,000 items (300 deferred parts
//                                  announced) committed into an empty store
//   Incremental/emptyParts/300     then its 300 parts, each payload only completing one, merged
//                                  and committed as the environment does; counts
//                                  `recordsWritten` (what their commits wrote: none)
//   Incremental/deferredRead/1     a deferred fragment's state read as its generated accessor
//                                  reads it (`Lens[deferred:]`), its part arrived
//   Incremental/spreadRead/1       the same fragment spread without `@defer`, its reference read
//                                  (`Lens[spread:]`): what deferredRead is judged against
//
// spec/limits.json judges them: the part re-runs no body but its readers; the goals compare the
// reader with the record's figure and its chunk sizes with each other.
import Foundation
import GraphQLSyntax
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting
import Observation

let schemaSDL = """
type Query { feed: Feed }
type Feed { id: ID! title: String! summary: String! items: [Item!]! }
type Item { id: ID! title: String! body: String! number: Int! }
"""

/// The feed's summary spread twice, with and without `@defer`: what a deferred read costs
/// beside a plain spread's.
let spreadDocuments = """
query DeferredSummary { feed { id title ...FeedSummary @defer(label: "summary") } }
query SpreadSummary { feed { id title ...FeedSummary } }
fragment FeedSummary on Feed { summary }
"""

let feedDocument = """
query Feed {
  feed {
    id title
    ... @defer(label: "summary") { summary }
    items @stream(initialCount: 50, label: "items") { id title body number }
  }
}
"""

/// Payloads, and items a payload.
let payloadCount = 20
let itemsPerPayload = 50
/// The body's size, as the record's figure: 978 KiB.
let bodyBytes = 978 * 1024

/// An item of about `size` bytes of JSON.
func item(_ number: Int, size: Int) -> JSONValue {
    .object(["id": .string("Item:\(number)"), "title": .string("Item \(number)"),
             "body": .string(String(repeating: "x", count: max(0, size - 80))), "number": .int(number)])
}

/// The feed's payloads as JSON texts: the initial one (the feed, its first 50 items, the
/// deferred summary and the stream pending), the summary's part, then the stream's items, 50 a
/// payload, the last saying it is the last; every item sized so the multipart body of
/// `payloadCount` payloads is 978 KiB (more payloads, a longer stream of the same items).
func payloadTexts(count: Int = payloadCount) -> [String] {
    let itemSize = bodyBytes / (payloadCount * itemsPerPayload)
    func items(_ payload: Int) -> [JSONValue] {
        (0..<itemsPerPayload).map { item(payload * itemsPerPayload + $0, size: itemSize) }
    }
    var payloads: [JSONValue] = [.object([
        "data": .object(["feed": .object(["id": .string("Feed:1"), "title": .string("The feed"), "items": .array(items(0))])]),
        "pending": .array([.object(["id": .string("0"), "path": .array([.string("feed")]), "label": .string("summary")]),
                           .object(["id": .string("1"), "path": .array([.string("feed"), .string("items")]), "label": .string("items")])]),
        "hasNext": .bool(true),
    ])]
    payloads.append(.object([
        "incremental": .array([.object(["id": .string("0"), "data": .object(["summary": .string("A summary")])])]),
        "completed": .array([.object(["id": .string("0")])]), "hasNext": .bool(true),
    ]))
    for payload in 1..<(count - 1) {
        let last = payload == count - 2
        var fields: [String: JSONValue] = [
            "incremental": .array([.object(["id": .string("1"), "items": .array(items(payload))])]),
            "hasNext": .bool(!last),
        ]
        if last { fields["completed"] = .array([.object(["id": .string("1")])]) }
        payloads.append(.object(fields))
    }
    return payloads.map(\.jsonText)
}

/// The multipart body a server writes for `texts`: each part followed by its delimiter.
func multipartBody(_ texts: [String]) -> [UInt8] {
    var body = "\r\n---"
    for text in texts { body += "\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + text + "\r\n---" }
    return Array((body + "--\r\n").utf8)
}

/// Feeds `body` in chunks of `chunk` bytes to a reader and hands each part out.
func readParts(_ body: [UInt8], chunk: Int, _ take: ([UInt8]) throws -> Void) throws {
    var reader = MultipartMixedReader(boundary: "-")
    var start = 0
    while start < body.count {
        let end = min(start + chunk, body.count)
        for part in try reader.read(body[start..<end]) { try take(part) }
        start = end
    }
}

/// A shown answer whose deferred summary lands again and again: two bodies read it through the
/// lens, one reading the title (outside the part), one the summary (the part's field). Given a
/// log, the bodies tell it their invalidations and runs, as a view would.
@MainActor
final class ShownAnswer {
    /// The bodies' names in the log, in order: the title's, the summary's.
    static let bodies = ["TitleRow", "SummaryRow"]
    private let store: Store
    private let log: EventLog?
    private let bound: BoundArtifact
    private let answer: IncrementalResponse
    private let parts: [IncrementalPayload]
    private var turn = 0
    private var dirty: [Bool] = [false, false]
    private(set) var partBodies = 0
    private(set) var otherBodies = 0
    private let feed: Lens

    /// The answer's initial payload committed into `store`, and its two bodies run.
    init(program: Program, texts: [String], store: Store = Store(), log: EventLog? = nil) throws {
        self.store = store
        self.log = log
        guard let artifact = program["Feed"], let root = store.record(.root) else {
            throw LoadedHandleError.unknownOperation("Feed")
        }
        bound = BoundArtifact(artifact, variables: [:])
        answer = try IncrementalResponse(try IncrementalPayload(decoding: Data(texts[0].utf8)))
        try store.commit(answer.response, for: bound)
        parts = try ["one", "two"].map { summary in
            try IncrementalPayload(decoding: Data(#"{"incremental": [{"id": "0", "data": {"summary": "\#(summary)"}}], "hasNext": true}"#.utf8))
        }
        let lens = Lens(bound, record: root)
        guard let feed: Lens = try lens.read("feed") else { throw LoadedHandleError.unknownOperation("feed") }
        self.feed = feed
        observe(0)
        observe(1)
    }

    /// Body 0 reads the title; body 1 the summary (missing until its part lands).
    private func observe(_ body: Int) {
        withObservationTracking {
            if body == 0 { _ = try? feed.read("title") as String } else { _ = try? feed.read("summary") as String }
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                // One load of the weak reference, as before the log was told.
                guard let self else { return }
                self.dirty[body] = true
                self.log?.bodyWasInvalidated(Self.bodies[body])
            }
        }
    }

    /// The summary's part lands (its text alternating, so every landing changes it), is
    /// committed where it landed, and the bodies told re-run.
    func land() throws {
        var next = answer
        let landing = try next.apply(parts[turn % 2])
        turn += 1
        try store.commit(next.response, for: bound, landing: landing)
        for body in 0..<2 where dirty[body] {
            dirty[body] = false
            if body == 1 { partBodies += 1 } else { otherBodies += 1 }
            if let log { log.runBody(Self.bodies[body]) { observe(body) } } else { observe(body) }
        }
    }

    var counts: [String: Int] { ["partBodies": partBodies, "otherBodies": otherBodies] }

    /// The events behind the counts of one landing, on an answer of its own shown in an
    /// environment's store with the event log on, after a first landing (as the measured
    /// operations follow one another): the bodies that re-ran, by which commit and field. The
    /// commits go to the store directly, as the measured ones do, so the log names no origin.
    static func eventsOfOneLanding(program: Program, texts: [String]) throws -> [String: [CountEvent]] {
        let environment = Environment(program: program, transport: FixtureTransport(responses: []),
                                      configuration: .init(clock: ManualScheduler(),
                                                           eventLog: EventLog.Configuration(includesValues: true)))
        guard let log = environment.eventLog else { return [:] }
        let shown = try ShownAnswer(program: program, texts: texts, store: environment.store, log: log)
        try shown.land()
        log.removeAll()
        try shown.land()
        let events = CountEvents(log, store: environment.store)
        return ["partBodies": events.bodies([bodies[1]]), "otherBodies": events.bodies([bodies[0]])]
    }
}

/// Items in the large initial payload, and the deferred parts it announces.
let largeItems = 20_000
let emptyParts = 300

/// The initial payload of `largeItems` items of about 100 bytes, announcing `emptyParts`
/// deferred parts at the feed; then a payload per part, each only completing it.
func emptyPartTexts() -> [String] {
    let pending = (0..<emptyParts).map { part -> JSONValue in
        .object(["id": .string("\(part)"), "path": .array([.string("feed")]), "label": .string("part\(part)")])
    }
    let initial = JSONValue.object([
        "data": .object(["feed": .object(["id": .string("Feed:1"), "title": .string("The feed"),
                                          "items": .array((0..<largeItems).map { item($0, size: 100) })])]),
        "pending": .array(pending), "hasNext": .bool(true),
    ])
    return [initial.jsonText] + (0..<emptyParts).map { part in
        #"{"completed": [{"id": "\#(part)"}], "hasNext": \#(part < emptyParts - 1)}"#
    }
}

/// The large answer shown (its initial payload committed), and its empty parts decoded: each
/// operation lands them all on a copy of the answer, as the environment would.
@MainActor
final class EmptyParts {
    private let store = Store()
    private let bound: BoundArtifact
    private let answer: IncrementalResponse
    private let parts: [IncrementalPayload]
    private(set) var recordsWritten = 0

    init(bound: BoundArtifact, texts: [String]) throws {
        self.bound = bound
        answer = try IncrementalResponse(try IncrementalPayload(decoding: Data(texts[0].utf8)))
        try store.commit(answer.response, for: bound)
        parts = try texts.dropFirst().map { try IncrementalPayload(decoding: Data($0.utf8)) }
    }

    /// Every part merged into a copy of the answer, and committed where it landed (nowhere).
    func land() throws {
        var next = answer
        for part in parts {
            let landing = try next.apply(part)
            guard !landing.isEmpty else { continue }
            recordsWritten += try store.commit(next.response, for: bound, landing: landing).changes.recordsWritten
        }
        blackHole(next.parts.count)
    }
}

/// An answer holding only the way to the feed's parts: the feed, its list empty, both parts
/// announced. A later payload merged into a copy of it lands alone, so committing it costs
/// what that part brings and nothing of the payloads before it.
func partAlone() throws -> IncrementalResponse {
    try IncrementalResponse(try IncrementalPayload(decoding: Data(JSONValue.object([
        "data": .object(["feed": .object(["id": .string("Feed:1"), "title": .string("The feed"), "items": .array([])])]),
        "pending": .array([.object(["id": .string("0"), "path": .array([.string("feed")]), "label": .string("summary")]),
                           .object(["id": .string("1"), "path": .array([.string("feed"), .string("items")]), "label": .string("items")])]),
        "hasNext": .bool(true),
    ]).jsonText.utf8)))
}

/// A large multipart body, and the bytes read of it so far.
@MainActor
final class LargeBody {
    let bytes: [UInt8]
    var bytesRead = 0

    /// `bytes`, which must be at least `minimum` long: the goal's bound (1.2 x 52 times the
    /// small body's time) holds per byte only for a body at least 52 times the small one.
    init(_ bytes: [UInt8], atLeast minimum: Int) throws {
        guard bytes.count >= minimum else { throw LargeBodyTooSmall(count: bytes.count, minimum: minimum) }
        self.bytes = bytes
    }
}

/// A large body shorter than its goal assumes.
struct LargeBodyTooSmall: Error, CustomStringConvertible {
    let count: Int
    let minimum: Int
    var description: String { "the large multipart body has \(count) bytes, under the \(minimum) its goal assumes" }
}

/// The feed's summary fragment as `lattice generate` writes it (its reads are not measured).
@MainActor struct FeedSummary: TypedFragment {
    static let fragmentName = "FeedSummary"
    let lens: Lens
}

/// The feed, answered whole, as the two queries of `spreadDocuments` read it: each a lens on
/// the feed record whose first spread is the summary's.
@MainActor final class SummarySpreads {
    let deferred: Lens
    let plain: Lens

    init(program: Program) throws {
        let store = Store()
        guard let root = store.record(.root) else { throw LoadedHandleError.unknownOperation("root") }
        func feed(_ name: String) throws -> Lens {
            guard let artifact = program[name] else { throw LoadedHandleError.unknownOperation(name) }
            let bound = BoundArtifact(artifact, variables: [:])
            try store.commit(GraphQLResponse(data: .object(["feed": .object([
                "id": .string("Feed:1"), "title": .string("The feed"), "summary": .string("Short"),
            ])])), for: bound)
            guard let feed: Lens = try Lens(bound, record: root).read("feed") else {
                throw LoadedHandleError.unknownOperation(name)
            }
            return feed
        }
        deferred = try feed("DeferredSummary")
        plain = try feed("SpreadSummary")
    }
}

/// The large benchmarks' metrics: no instruction count (callgrind would take minutes over
/// 50 MB or 20,000 items, and their goals are on time).
let largeMetrics: [Metric] = [.wallTime, .cpuTime, .mallocs, .bytesAllocated]

runSuite("Incremental") {
    let schema = try SchemaBuilder.build(sources: [
        Source(text: schemaSDL, name: "incremental/schema.graphql"),
    ])
    let program = try Program(schema: schema, documents: [GraphQLSource(text: feedDocument, name: "incremental/Feed.graphql"),
                                                          GraphQLSource(text: spreadDocuments, name: "incremental/Summary.graphql")])
    guard let feed = program["Feed"] else { throw LoadedHandleError.unknownOperation("Feed") }
    let bound = BoundArtifact(feed, variables: [:])
    let texts = payloadTexts()
    let body = multipartBody(texts)
    let read = [1, 4, 16, 64].map { kibibytes in
        Benchmark(SuiteBenchmark.incremental(step: "multipart", size: kibibytes).nameInExecutable) {
            var parts = 0
            try readParts(body, chunk: kibibytes * 1024) { part in
                parts += 1
                blackHole(part.count)
            }
            blackHole(parts)
        }
    }
    return read + [
        Benchmark(SuiteBenchmark.incremental(step: "decoded", size: 16).nameInExecutable) {
            try readParts(body, chunk: 16 * 1024) { part in blackHole(try IncrementalPayload(decoding: Data(part))) }
        },
        Benchmark(SuiteBenchmark.incremental(step: "normalized", size: 16).nameInExecutable) {
            let store = Store()
            var answer: IncrementalResponse?
            try readParts(body, chunk: 16 * 1024) { part in
                let payload = try IncrementalPayload(decoding: Data(part))
                guard var current = answer else {
                    let first = try IncrementalResponse(payload)
                    answer = first
                    blackHole(try store.commit(first.response, for: bound))
                    return
                }
                let landing = try current.apply(payload)
                answer = current
                if !landing.isEmpty { blackHole(try store.commit(current.response, for: bound, landing: landing)) }
            }
        },
        Benchmark(SuiteBenchmark.incremental(step: "partsAlone", size: 16).nameInExecutable,
                  setUp: { try partAlone() }) { stub in
            let store = Store()
            var first = true
            try readParts(body, chunk: 16 * 1024) { part in
                let payload = try IncrementalPayload(decoding: Data(part))
                guard !first else {
                    first = false
                    blackHole(try store.commit(try IncrementalResponse(payload).response, for: bound))
                    return
                }
                var alone = stub
                let landing = try alone.apply(payload)
                if !landing.isEmpty { blackHole(try store.commit(alone.response, for: bound, landing: landing)) }
            }
        },
        Benchmark(SuiteBenchmark.incremental(step: "initial", size: 16).nameInExecutable) {
            let store = Store()
            var reader = MultipartMixedReader(boundary: "-")
            var start = 0
            var initial: [UInt8]?
            while initial == nil && start < body.count {
                let end = min(start + 16 * 1024, body.count)
                initial = try reader.read(body[start..<end]).first
                start = end
            }
            guard let initial, let root = store.record(.root) else { return }
            let answer = try IncrementalResponse(try IncrementalPayload(decoding: Data(initial)))
            try store.commit(answer.response, for: bound)
            let lens: Lens? = try Lens(bound, record: root).read("feed")
            blackHole(try lens?.read("title") as String?)
        },
        Benchmark(SuiteBenchmark.incremental(step: "part", size: 1).nameInExecutable,
                  setUp: { try ShownAnswer(program: program, texts: texts) }, counts: { $0.counts },
                  events: { try ShownAnswer.eventsOfOneLanding(program: program, texts: texts) }) { shown in
            try shown.land()
        },
        Benchmark(SuiteBenchmark.incremental(step: "largeMultipart", size: 16).nameInExecutable, metrics: largeMetrics,
                  setUp: { try LargeBody(multipartBody(payloadTexts(count: 1_041)), atLeast: 52 * body.count) },
                  counts: { ["bytes": $0.bytesRead] }) { large in
            var parts = 0
            try readParts(large.bytes, chunk: 16 * 1024) { part in
                parts += 1
                blackHole(part.count)
            }
            large.bytesRead += large.bytes.count
            blackHole(parts)
        },
        Benchmark(SuiteBenchmark.incremental(step: "largeInitial", size: largeItems).nameInExecutable, metrics: largeMetrics,
                  setUp: { try IncrementalPayload(decoding: Data(emptyPartTexts()[0].utf8)) }) { initial in
            let store = Store()
            blackHole(try store.commit(try IncrementalResponse(initial).response, for: bound))
        },
        Benchmark(SuiteBenchmark.incremental(step: "emptyParts", size: emptyParts).nameInExecutable, metrics: largeMetrics,
                  setUp: { try EmptyParts(bound: bound, texts: emptyPartTexts()) },
                  counts: { ["recordsWritten": $0.recordsWritten] }) { shown in
            try shown.land()
        },
        Benchmark(SuiteBenchmark.incremental(step: "deferredRead", size: 1).nameInExecutable,
                  setUp: { try SummarySpreads(program: program) }) { spreads in
            let state: Deferred<FragmentReference<FeedSummary>> = spreads.deferred[deferred: 0]
            blackHole(state.value)
        },
        Benchmark(SuiteBenchmark.incremental(step: "spreadRead", size: 1).nameInExecutable,
                  setUp: { try SummarySpreads(program: program) }) { spreads in
            let reference: FragmentReference<FeedSummary> = spreads.plain[spread: 0]
            blackHole(reference)
        },
    ]
}
