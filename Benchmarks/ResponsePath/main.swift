// ResponsePath: from a server's bytes to data read on screen, step by step, on the largest
// response of the spec folder (spec/'s Dashboard), a feed-sized one (20 posts by 5 authors, 26 records) and a
// generated list of 100,000 items:
//
//   ResponsePath/<input>/decode             GraphQLResponse(decoding:): JSONReader on the bytes
//   ResponsePath/<input>/JSONSerialization  Foundation's JSONSerialization on the same bytes,
//   ResponsePath/<input>/JSONDecoder        and its JSONDecoder into a JSON tree: the reader's
//                                           in-run anchors
//   ResponsePath/<input>/normalize          ResponseNormalizer.normalize of the decoded response
//   ResponsePath/<input>/publish            a fresh store publishing the normalized writes
//                                           (the store made and released in the operation)
//   ResponsePath/<input>/commit             bytes to store: decode, normalize and publish
//   ResponsePath/<input>/read               every field read back from a store holding it
//                                           (through lenses; the spec's response through StoreReader.read)
//
// Each reports the counts `bytes` and `fields` per operation (the body's size and its object
// members), from which BENCHMARKS.md gives MB/s and fields/s; `decode` also counts
// `allocatingValues`, the arrays, objects and long strings (over 15 UTF-8 bytes) it must
// allocate for, against which its mallocs are judged.
import Foundation
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting

/// Time and allocations without instructions: for the anchors (Foundation's instruction
/// counts are not ours to judge) and for the large list (counting its steps under callgrind
/// takes about four minutes; the counts of the other inputs grow linearly with theirs).
let uncounted = Benchmark.defaultMetrics.filter { $0 != .instructions }

/// Items in the large list response.
let listItems = 100_000

/// The state of one step's benchmark: its input, and how many operations ran, for the
/// per-operation counts.
@MainActor
final class StepState {
    let input: ResponseInput
    var operations = 0

    init(_ input: ResponseInput) { self.input = input }

    var counts: [String: Int] {
        ["bytes": operations * input.bytes.count, "fields": operations * input.fields]
    }

    /// With the values of the decoded response that may allocate, for the reader's step.
    var readerCounts: [String: Int] {
        counts.merging(["allocatingValues": operations * input.allocatingValues]) { $1 }
    }
}

/// A JSON tree as `JSONDecoder` builds one: the anchor for decoding into a tree.
enum DecodedJSON: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([DecodedJSON])
    case object([String: DecodedJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([DecodedJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: DecodedJSON].self))
        }
    }
}

/// A store holding `input`'s response, and the root's lens on it, kept together: a lens
/// outliving its store reads as missing.
@MainActor
func storedRoot(_ input: ResponseInput) throws -> (store: Store, root: Lens) {
    let store = Store()
    try store.commit(input.response, for: input.bound)
    guard let root = store.record(.root) else { throw ResponseInputError.missing("the root record") }
    return (store, Lens(input.bound, record: root))
}

/// One step of `input`: `operation` on its state, counting.
@MainActor
func step<Prepared>(_ input: ResponseInput, _ name: String, prepare: @escaping @MainActor @Sendable () throws -> Prepared,
                    metrics: [Metric] = Benchmark.defaultMetrics,
                    counts: @escaping @MainActor @Sendable (StepState) -> [String: Int] = { $0.counts },
                    _ operation: @escaping @MainActor @Sendable (ResponseInput, Prepared) throws -> Void) -> Benchmark {
    Benchmark(SuiteBenchmark.responsePath(input: input.name, step: name).nameInExecutable, metrics: metrics,
              setUp: { () throws -> (StepState, Prepared) in (StepState(input), try prepare()) },
              counts: { counts($0.0) }) { state in
        state.0.operations += 1
        try operation(state.0.input, state.1)
    }
}

@MainActor
func benchmarks(_ input: ResponseInput) -> [Benchmark] {
    let nothing: @MainActor @Sendable () -> Void = {}
    let metrics = input.countsInstructions ? Benchmark.defaultMetrics : uncounted
    return [
        step(input, "decode", prepare: nothing, metrics: metrics, counts: { $0.readerCounts }) { input, _ in
            blackHole(try GraphQLResponse(decoding: input.bytes))
        },
        step(input, "JSONSerialization", prepare: nothing, metrics: uncounted) { input, _ in
            blackHole(try JSONSerialization.jsonObject(with: input.bytes))
        },
        step(input, "JSONDecoder", prepare: nothing, metrics: uncounted) { input, _ in
            blackHole(try JSONDecoder().decode(DecodedJSON.self, from: input.bytes))
        },
        step(input, "normalize", prepare: nothing, metrics: metrics) { input, _ in
            blackHole(try ResponseNormalizer.normalize(input.response, for: input.bound))
        },
        step(input, "publish", prepare: { try ResponseNormalizer.normalize(input.response, for: input.bound).delta },
             metrics: metrics) { _, delta in
            blackHole(Store().publish(delta))
        },
        step(input, "commit", prepare: nothing, metrics: metrics) { input, _ in
            let store = Store()
            blackHole(try store.commit(try GraphQLResponse(decoding: input.bytes), for: input.bound))
        },
        step(input, "read", prepare: { try storedRoot(input) }, metrics: metrics) { input, stored in
            try input.readBack(stored.root)
        },
    ]
}

runSuite("ResponsePath") {
    let spec = try CompiledSpec.load()
    return try [ResponseInput.largest(in: spec), ResponseInput.feed(), ResponseInput.list(count: listItems)]
        .flatMap(benchmarks)
}
