// Incremental: an answer in parts (`@defer`, `@stream`) from bytes to screen, on a feed of 20
// payloads and 978 KiB, the shape of the record's system's multipart figure (20 parts, 978 KB,
// read in 16 KB chunks, 483 µs on an Apple M1 Pro):
//
//   Incremental/multipart/<KiB>    the body split into its parts by `MultipartMixedReader`,
//                                  fed in chunks of <KiB> KiB (1, 4, 16, 64): the reader's
//                                  chunked path alone; counts `parts` and `bytes`
//   Incremental/decoded/16         the same, each part decoded (`IncrementalPayload`)
//   Incremental/normalized/16      the same, each payload merged into the answer so far and the
//                                  whole committed into a store (empty at the start), as the
//                                  environment does: the answer's whole path without a screen
//   Incremental/initial/16         from the first byte to the initial payload shown: its part
//                                  read, decoded, committed into an empty store and its fields
//                                  read through the lens
//   Incremental/part/1             one deferred part landing on a shown answer: merged,
//                                  committed, and the bodies it told re-run; counts
//                                  `partBodies` (bodies that read the part's field) and
//                                  `otherBodies` (bodies that did not, which must not re-run)
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
/// payload, the last saying it is the last; every item sized so the multipart body is 978 KiB.
func payloadTexts() -> [String] {
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
    for payload in 1..<(payloadCount - 1) {
        let last = payload == payloadCount - 2
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
/// lens, one reading the title (outside the part), one the summary (the part's field).
@MainActor
final class ShownAnswer {
    private let store = Store()
    private let bound: BoundArtifact
    private let answer: IncrementalResponse
    private let parts: [IncrementalPayload]
    private var turn = 0
    private var dirty: [Bool] = [false, false]
    private(set) var partBodies = 0
    private(set) var otherBodies = 0
    private let feed: Lens

    init(program: Program, texts: [String]) throws {
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
            MainActor.assumeIsolated { self?.dirty[body] = true }
        }
    }

    /// The summary's part lands (its text alternating, so every landing changes it), the whole
    /// answer is committed, and the bodies told re-run.
    func land() throws {
        var next = answer
        try next.apply(parts[turn % 2])
        turn += 1
        try store.commit(next.response, for: bound)
        for body in 0..<2 where dirty[body] {
            dirty[body] = false
            if body == 1 { partBodies += 1 } else { otherBodies += 1 }
            observe(body)
        }
    }

    var counts: [String: Int] { ["partBodies": partBodies, "otherBodies": otherBodies] }
}

runSuite("Incremental") {
    let schema = try SchemaBuilder.build(sources: [
        Source(text: schemaSDL, name: "incremental/schema.graphql"),
    ])
    let program = try Program(schema: schema, documents: [GraphQLSource(text: feedDocument, name: "incremental/Feed.graphql")])
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
                if var current = answer {
                    try current.apply(payload)
                    answer = current
                } else {
                    answer = try IncrementalResponse(payload)
                }
                if let answer { blackHole(try store.commit(answer.response, for: bound)) }
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
                  setUp: { try ShownAnswer(program: program, texts: texts) }, counts: { $0.counts }) { shown in
            try shown.land()
        },
    ]
}
