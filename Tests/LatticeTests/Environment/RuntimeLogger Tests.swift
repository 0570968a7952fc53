import Foundation
import Testing
import Lattice
import LatticeTesting

/// The environment's logger from the app's side: a `@required(action: LOG)` null a lens read
/// meets is logged once per read, naming the document and the field's path and no value
/// unless asked; the image's problems reach it too.
@MainActor
@Suite struct RuntimeLoggerTests {
    static let schema = """
        type Query { viewer: User }
        type User { id: ID! login: String status: Status }
        type Status { message: String emoji: String }
        directive @required(action: RequiredAction! = NONE) on FIELD
        enum RequiredAction { NONE LOG THROW }
        """
    static let documents = """
        query Logged { viewer { login status { message @required(action: LOG) emoji } } }
        query Plain { viewer { login status { message emoji } } }
        """
    static let nullMessage = #"{"viewer": {"id": "U1", "login": "ada", "status": {"message": null, "emoji": "x"}}}"#

    let program: Program

    init() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schema, name: "schema.graphql")])
        program = try Program(schema: schema, documents: [GraphQLSource(text: Self.documents, name: "Logged.graphql")])
    }

    /// An environment logging to `recording`, holding `data` as `operation`'s answer, and the
    /// status lens read through the handle's ready lens (nil: the null bubbled to it).
    func readStatus(_ operation: String, _ data: String, logger: RuntimeLogger?) throws -> (Environment, Lens?) {
        guard let artifact = program[operation] else { throw CompiledSpecError.unknownDefinition(operation) }
        let environment = Environment(program: program, transport: FixtureTransport(responses: []),
                                      configuration: .init(clock: ManualScheduler(), logger: logger))
        try environment.commit(GraphQLResponse(data: try .parse(data)), for: artifact)
        let handle = environment.attach(artifact, policy: .storeOnly)
        guard case .ready(let lens) = handle.phase else {
            Issue.record("\(operation) is not ready: \(handle.phase)")
            return (environment, nil)
        }
        let viewer: Lens? = try lens.read("viewer")
        return (environment, try viewer?.read("status") as Lens?)
    }

    @Test func aLoggedNullNamesTheOperationAndThePathAndNoValue() throws {
        let recording = RecordingLogger()
        let (environment, status) = try readStatus("Logged", Self.nullMessage, logger: recording.logger)
        #expect(status == nil)
        #expect(environment.logger != nil)
        let event = RequiredFieldEvent(document: "Logged", path: ["viewer", "status", "message"])
        #expect(recording.entries == [.requiredFieldMissing(event)])
        #expect(event.description == "@required field Logged.viewer.status.message is null")
        #expect(!"\(recording.entries)".contains("U1"))
    }

    @Test func valuesAreLoggedOnlyWhenAsked() throws {
        let recording = RecordingLogger(includesValues: true)
        _ = try readStatus("Logged", Self.nullMessage, logger: recording.logger)
        #expect(recording.requiredFieldEvents.map(\.record) == [DataID("client:U1:status")])
    }

    @Test func aPresentFieldOrOneWithoutLOGLogsNothing() throws {
        let recording = RecordingLogger()
        let present = #"{"viewer": {"id": "U1", "login": "ada", "status": {"message": "hi", "emoji": "x"}}}"#
        let (_, status) = try readStatus("Logged", present, logger: recording.logger)
        #expect(status != nil)
        let (_, plain) = try readStatus("Plain", Self.nullMessage, logger: recording.logger)
        #expect(plain != nil)
        #expect(recording.entries.isEmpty)
    }

    @Test func withoutALoggerTheReadIsTheSame() throws {
        let (environment, status) = try readStatus("Logged", Self.nullMessage, logger: nil)
        #expect(status == nil)
        #expect(environment.logger == nil)
    }

    @Test func theImagesProblemsAreLoggedToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-logger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("store.sqlite")
        try Data(repeating: 0x5A, count: 8_192).write(to: url)
        let recording = RecordingLogger()
        let environment = Environment(program: program, transport: FixtureTransport(responses: []),
                                      configuration: .init(clock: ManualScheduler(), image: url,
                                                           logger: recording.logger))
        #expect(environment.imageLog.count == 1)
        #expect(recording.entries == environment.imageLog.map { .image($0) })
    }
}
