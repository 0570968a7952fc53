import Lattice
import LatticeTesting

/// An environment of one phase strategy holding one operation's data, and a handle attached
/// to it: the starting point of every benchmark that reads a phase or commits.
///
/// The data is committed first, then the handle attached `storeOrNetwork`: the store's
/// availability check finds the data and nothing is fetched. Should a check ever answer
/// missing, the handle fetches the same response from the fixture transport, so it starts
/// with its data either way and the benchmark measures what it says.
@MainActor
public struct LoadedHandle {
    /// The environment, over `transport`.
    public let environment: Environment
    /// The fixture transport refetches go through (scriptable).
    public let transport: FixtureTransport
    /// The handle, its phase `ready`.
    public let handle: OperationHandle

    /// Commits `response` for `operation` with `variables`, then attaches a handle and waits
    /// for any fetch it started.
    /// - Parameters:
    ///   - counting: whether the environment counts what the runtime does.
    ///   - eventLog: the environment's event log, if any (`Environment.eventLog`).
    /// - Throws: `LoadedHandleError` when the operation is unknown or the phase is not ready,
    ///   a `Failure` when the response does not fit.
    public init(program: Program, transport: FixtureTransport, strategy: PhaseStrategy, operation: String,
                variables: [String: JSONValue] = [:], response: GraphQLResponse, counting: Bool = false,
                eventLog: EventLog.Configuration? = nil) throws {
        guard let artifact = program[operation] else { throw LoadedHandleError.unknownOperation(operation) }
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(strategy: strategy, clock: ManualScheduler(), counting: counting,
                                                           eventLog: eventLog))
        try environment.commit(response, for: artifact, variables: variables)
        transport.setDefault(operation, .respond(response))
        let handle = environment.attach(artifact, variables: variables, policy: .storeOrNetwork)
        runMainLoop { !handle.fetch.isInFlight }
        guard case .ready = handle.phase else {
            throw LoadedHandleError.notReady(operation: operation, phase: "\(handle.phase.name): \(handle.phase.failure.map { "\($0)" } ?? "")")
        }
        self.environment = environment
        self.transport = transport
        self.handle = handle
    }

    /// The `ok` fixture of `operation` from spec/, loaded into an environment of `strategy`.
    public init(fixtures: CompiledSpec, strategy: PhaseStrategy, operation: String, counting: Bool = false,
                eventLog: EventLog.Configuration? = nil) throws {
        let ok = try fixtures.response(operation)
        try self.init(program: fixtures.program, transport: fixtures.transport(), strategy: strategy,
                      operation: operation, variables: ok.variables, response: ok.response, counting: counting,
                      eventLog: eventLog)
    }
}

/// Why a benchmark's starting point could not be made.
public enum LoadedHandleError: Error, CustomStringConvertible {
    case unknownOperation(String)
    case notReady(operation: String, phase: String)

    public var description: String {
        switch self {
        case .unknownOperation(let name): "no operation named \(name)"
        case let .notReady(operation, phase): "\(operation): the phase is \(phase), not ready, after loading its data"
        }
    }
}
