import Synchronization
import Testing
@testable import Lattice

@MainActor
@Suite struct RequiredTests {
    let artifacts: [String: Artifact]
    /// Keeps the stores `load` fills, whose root records the tests read.
    let stores = StoreKeeper()

    init() throws {
        artifacts = try TestDocuments.compile("""
        query ToNullableParent { viewer { login status { message @required(action: NONE) emoji } } }
        query Logged { viewer { login status { message @required(action: LOG) } } }
        query Thrown { viewer { login status { message @required(action: THROW) } } }
        query ThroughRequiredParents {
          repository(owner: "o", name: "n") @required(action: NONE) {
            issue(number: 1) @required(action: NONE) { body @required(action: NONE) }
          }
        }
        query ThroughNonNullParent { viewer { bio @required(action: NONE) } }
        query Caught { viewer { status @catch(to: NULL) { message @required(action: THROW) } } }
        """)
    }

    func load(_ name: String, _ data: String, variables: [String: JSONValue] = [:],
              logger: RuntimeLogger? = nil) throws -> (BoundArtifact, Record) {
        let store = stores.make()
        let bound = BoundArtifact(artifacts[name]!, variables: variables, logger: logger)
        try store.commit(GraphQLResponse(data: try .parse(data)), for: bound)
        return (bound, store.record(.root)!)
    }

    func verdict(_ bound: BoundArtifact, _ root: Record) -> Verdict {
        var tracking = UntrackedReads()
        return Verdict.evaluate(bound, root: root, tracking: &tracking)
    }

    static let nullMessage = #"{"viewer": {"id": "U1", "login": "ada", "status": {"message": null, "emoji": "x"}}}"#

    @Test func noneNullsTheNearestNullableParent() throws {
        let (bound, root) = try load("ToNullableParent", Self.nullMessage)
        #expect(!bound.artifact.canBubbleToRoot)
        #expect(verdict(bound, root) == .fine)
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(try viewer.read("status") as Lens? == nil)
        #expect(StoreReader.read(bound, root: root).data == (try .parse(#"{"viewer": {"login": "ada", "status": null}}"#)))
    }

    @Test func logReportsThroughTheEnvironmentsLogger() throws {
        let events = Mutex<[LogEntry]>([])
        let logger = RuntimeLogger(includesValues: true) { entry in events.withLock { $0.append(entry) } }
        let (bound, root) = try load("Logged", Self.nullMessage, logger: logger)
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(try viewer.read("status") as Lens? == nil)
        let event = RequiredFieldEvent(document: "Logged", path: ["viewer", "status", "message"],
                                       record: DataID("client:U1:status"))
        #expect(events.withLock { $0 } == [.requiredFieldMissing(event)])
        #expect(verdict(bound, root) == .fine)
    }

    @Test func throwFailsTheReadNamingThePath() throws {
        let (bound, root) = try load("Thrown", Self.nullMessage)
        #expect(bound.artifact.hasRequiredThrow)
        #expect(verdict(bound, root) == .requiredFieldMissing(path: [.key("viewer"), .key("status"), .key("message")]))
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        #expect(throws: ReadError.requiredFieldMissing(record: DataID("client:U1:status"), field: "message")) {
            try viewer.read("status") as Lens?
        }
    }

    @Test func bubblingThroughRequiredParentsReachesTheRoot() throws {
        let (bound, root) = try load("ThroughRequiredParents", """
        {"repository": {"id": "R", "issue": {"id": "I1", "body": null}}}
        """)
        #expect(bound.artifact.canBubbleToRoot)
        #expect(verdict(bound, root) == .requiredFieldMissing(path: [.key("repository"), .key("issue"), .key("body")]))
        #expect(StoreReader.read(bound, root: root).data == .null)
    }

    @Test func bubblingThroughANonNullParentReachesTheRoot() throws {
        // `viewer: User!` cannot hold the null, so it passes on to the root.
        let (bound, root) = try load("ThroughNonNullParent", #"{"viewer": {"id": "U1", "bio": null}}"#)
        #expect(bound.artifact.canBubbleToRoot)
        #expect(verdict(bound, root) == .requiredFieldMissing(path: [.key("viewer"), .key("bio")]))
        let (fineBound, fineRoot) = try load("ThroughNonNullParent", #"{"viewer": {"id": "U1", "bio": "b"}}"#)
        #expect(verdict(fineBound, fineRoot) == .fine)
    }

    @Test func catchStopsAThrow() throws {
        let (bound, root) = try load("Caught", #"{"viewer": {"id": "U1", "status": {"message": null}}}"#)
        #expect(!bound.artifact.hasRequiredThrow)
        #expect(verdict(bound, root) == .fine)
        #expect(StoreReader.read(bound, root: root).data == (try .parse(#"{"viewer": {"status": null}}"#)))
    }
}
