// CommitScaling: what one commit costs while other handles are retained, per strategy. The
// commit writes one field of one handle's data to null and back, alternately (a write the
// stored strategy must reevaluate every handle for); the phase stays `ready`. Every handle
// attaches the generated `Item` query (`@throwOnFieldError`, eight fields) with its own id:
//
//   CommitScaling/<strategy>/<n>      one commit with n other handles retained, with the
//                                     runtime's counters per commit (handlesWalked,
//                                     fieldsWalked*, notifications, ...)
//   CommitScaling/<strategy>/<n>/untouched
//                                     the same commit to an item no handle reads, with n
//                                     handles retained: what the decision's commit limits
//                                     judge (a strategy that replaces the stored phase walks
//                                     none of them, and costs the same at 10 and 10,000)
//   CommitScaling/counters/off, /on   the stored strategy's commit with 1,000 other handles,
//                                     counters off and on: off must cost nothing
//   CommitScaling/eventLog/off, /on   the same commit with the event log off (no log, the
//                                     default) and on: off must cost nothing
//   CommitScaling/localUpdate/clientField, /serverField
//                                     20 rows observed, one client-only field set by a local
//                                     update, or one server field by a response
//                                     (LocalUpdateRows)
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting

/// Other handles retained: from one to ten thousand, by tens.
let sizes = [1, 10, 100, 1_000, 10_000]
/// Handles retained for the commit no handle reads: the two ends the limits compare.
let untouchedSizes = [10, 10_000]
/// Handles for the counters-cost benchmarks.
let countersHandles = 1_000

/// An environment holding `others + 1` items, a handle on each, and the commit to repeat: to
/// the first item, or (not `touched`) to one more item whose data is stored but that no
/// handle reads.
@MainActor
final class RetainedHandles {
    let environment: Environment
    let handles: [OperationHandle]
    private let written: DataID
    private var isNull = false

    init(program: Program, strategy: PhaseStrategy, others: Int, touched: Bool = true, counting: Bool,
         eventLog: EventLog.Configuration? = nil) throws {
        guard let item = program[GeneratedSchema.itemName] else {
            throw LoadedHandleError.unknownOperation(GeneratedSchema.itemName)
        }
        let ids = (0...others).map { "Item:\($0)" }
        let unread = "Item:unread"
        written = DataID(touched ? ids[0] : unread)
        let responses = (touched ? ids : ids + [unread]).map { id in
            FixtureResponse(operation: item.name, variables: ["id": .string(id)], case: "ok",
                            response: GeneratedSchema.itemResponse(id: id))
        }
        let environment = Environment(program: program, transport: FixtureTransport(responses: responses),
                                      configuration: .init(strategy: strategy, clock: ManualScheduler(), counting: counting,
                                                           eventLog: eventLog))
        // All data first, then the handles: a commit with n handles attached would cost the
        // stored strategy n walks, and loading would be quadratic.
        for response in responses {
            try environment.commit(response.response, for: item, variables: response.variables)
        }
        let handles = ids.map { environment.attach(item, variables: ["id": .string($0)], policy: .storeOrNetwork) }
        runMainLoop { handles.allSatisfy { !$0.fetch.isInFlight } }
        for handle in handles {
            guard case .ready = handle.phase else {
                throw LoadedHandleError.notReady(operation: item.name, phase: handle.phase.name)
            }
        }
        self.environment = environment
        self.handles = handles
        environment.counters?.reset()
    }

    /// One commit: the written item's first field to null, or back.
    func commit() {
        isNull.toggle()
        let value: FieldValue = isNull ? .null : .scalar(.string("v0"))
        let written = self.written
        environment.commitUpdate { delta in
            delta.set(FieldState(value: value), for: FieldKey("f0"), on: written)
        }
    }

    var counts: [String: Int] { environment.counters?.total.counts ?? [:] }
}

@MainActor
func benchmarks() throws -> [Benchmark] {
    let program = try GeneratedSchema.program(rowSizes: [], throwOnFieldError: true)
    let scaling = sizes.flatMap { size in
        PhaseStrategy.allCases.map { strategy in
            Benchmark(SuiteBenchmark.commitScaling(strategy: strategy.rawValue, handles: size, touched: true).nameInExecutable, metrics: [.wallTime, .cpuTime, .mallocs, .bytesAllocated, .instructions],
                      setUp: { try RetainedHandles(program: program, strategy: strategy, others: size, counting: true) },
                      counts: { $0.counts },
                      operation: { $0.commit() })
        }
    }
    let untouched = untouchedSizes.flatMap { size in
        PhaseStrategy.allCases.map { strategy in
            Benchmark(SuiteBenchmark.commitScaling(strategy: strategy.rawValue, handles: size, touched: false).nameInExecutable,
                      metrics: [.wallTime, .cpuTime, .mallocs, .bytesAllocated, .instructions],
                      setUp: { try RetainedHandles(program: program, strategy: strategy, others: size, touched: false,
                                                   counting: true) },
                      counts: { $0.counts },
                      operation: { $0.commit() })
        }
    }
    let counters = [("off", false), ("on", true)].map { setting, counting in
        Benchmark(SuiteBenchmark.countersCost(setting: setting).nameInExecutable, metrics: [.wallTime, .cpuTime, .mallocs, .bytesAllocated, .instructions],
                  setUp: { try RetainedHandles(program: program, strategy: .stored, others: countersHandles,
                                               counting: counting) },
                  operation: { $0.commit() })
    }
    let eventLog = [("off", nil), ("on", EventLog.Configuration())].map { setting, log in
        Benchmark(SuiteBenchmark.eventLogCost(setting: setting).nameInExecutable,
                  metrics: [.wallTime, .cpuTime, .mallocs, .bytesAllocated, .instructions],
                  setUp: { try RetainedHandles(program: program, strategy: .stored, others: countersHandles,
                                               counting: false, eventLog: log) },
                  operation: { $0.commit() })
    }
    return scaling + untouched + counters + eventLog + localUpdateBenchmarks()
}

runSuite("CommitScaling") { try benchmarks() }
