import Foundation
import Lattice
import LatticeTesting

/// spec/ compiled and its responses loaded once for the whole test process.
enum SharedFixtures {
    private static let loaded = Result { try CompiledSpec.load() }

    static func get() throws -> CompiledSpec { try loaded.get() }
}

/// One environment over the fixtures, with its transport and the clock the test controls.
@MainActor
struct World {
    let fixtures: CompiledSpec
    let environment: Environment
    let transport: FixtureTransport
    let scheduler: ManualScheduler

    init(_ strategy: PhaseStrategy, counting: Bool = false, releaseBufferSize: Int = 10) throws {
        fixtures = try SharedFixtures.get()
        scheduler = ManualScheduler(now: Date(timeIntervalSince1970: 1_000_000))
        let made = fixtures.environment(strategy: strategy, clock: scheduler, counting: counting,
                                        releaseBufferSize: releaseBufferSize)
        environment = made.environment
        transport = made.transport
    }

    func artifact(_ name: String) throws -> Artifact {
        try fixtures.artifact(name)
    }

    /// The variables the `name` fixture of `operation` was recorded with.
    func variables(_ operation: String, case name: String = "ok") throws -> [String: JSONValue] {
        try fixtures.response(operation, case: name).variables
    }

    /// Attaches `operation` with the variables of its `name` fixture.
    func attach(_ operation: String, case name: String = "ok",
                policy: FetchPolicy = .storeOrNetwork) throws -> OperationHandle {
        environment.attach(try artifact(operation), variables: try variables(operation, case: name),
                           policy: policy)
    }

    /// Commits the `name` fixture of `operation` straight into the store, as its answer.
    func load(_ operation: String, case name: String = "ok") throws {
        let fixture = try fixtures.response(operation, case: name)
        try environment.commit(fixture.response, for: try artifact(operation), variables: fixture.variables)
    }

    /// Attaches `operation` and waits for its first answer, the `name` fixture.
    func attachLoaded(_ operation: String, case name: String = "ok",
                      policy: FetchPolicy = .storeOrNetwork) async throws -> OperationHandle {
        transport.enqueue(operation, .fixture(case: name))
        let handle = try attach(operation, case: name, policy: policy)
        await handle.waitForFetch()
        return handle
    }

    /// Holds the next answer to `operation` at a gate, runs `start`, and returns what
    /// `handle` shows while that fetch is held; then lets it through and waits for it.
    func whileHeld(_ operation: String, _ handle: OperationHandle,
                   _ start: () throws -> Void) async rethrows -> String {
        let gate = RequestBarrier()
        transport.enqueue(operation, after: gate)
        try start()
        let shown = handle.shown
        gate.open()
        await handle.waitForFetch()
        return shown
    }

    /// A record the fixtures hold, by id.
    func record(_ id: String) throws -> Record {
        guard let record = environment.store.record(DataID(id)) else {
            throw WorldError.noRecord(id)
        }
        return record
    }
}

enum WorldError: Error, CustomStringConvertible {
    case noRecord(String)

    var description: String {
        switch self {
        case .noRecord(let id): "the store has no record \(id)"
        }
    }
}

/// A connection failure the tests script.
let unreachable = Failure.transport(.unreachable, underlying: "connection refused")

/// The viewer of the fixtures (`User:1`, mona).
let viewerID = "VXNlcjox"

extension OperationHandle {
    /// What a view would show, in a few words: `loading`, `ready`, `failed(<kind>)`, then
    /// ` refreshing` while a fetch runs behind data and ` fetch:failed(<kind>)` while the
    /// last fetch's failure sits behind data.
    var shown: String {
        var text: String
        switch phase {
        case .loading: text = "loading"
        case .ready: text = "ready"
        case .failed(let failure): text = "failed(\(failure.name))"
        }
        if isRefreshing { text += " refreshing" }
        if hasData, let failure = fetch.failure { text += " fetch:failed(\(failure.name))" }
        return text
    }
}
