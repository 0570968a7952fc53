import Foundation
import Testing
@testable import Lattice
import LatticeTesting

/// A deleted record reads as null, as Relay's reader reads a NONEXISTENT record; one whose
/// fields were never received (UNKNOWN) still reads as missing data. Each reader is tested:
/// the lens, the debug reader, the data checker and the verdict (and the phase under each
/// strategy).
@MainActor @Suite(.hangGuard) struct RecordDeletionTests {
    static let documents = """
        query Repo @throwOnFieldError {
          repository(owner: "o", name: "n") { id name owner { login } issue(number: 1) { id title } }
        }
        query RequiredIssue {
          repository(owner: "o", name: "n") @required(action: LOG) { id issue(number: 1) @required(action: LOG) { id title } }
        }
        """
    static let answer = #"""
        {"repository": {"id": "R", "name": "lattice",
                        "owner": {"__typename": "User", "id": "U", "login": "mona"},
                        "issue": {"id": "I", "title": "Crash"}}}
        """#

    func loaded(_ strategy: PhaseStrategy = .shipped) throws -> DocumentWorld {
        let world = try DocumentWorld(Self.documents, strategy: strategy)
        try world.commit(Self.answer, for: "Repo")
        try world.commit(Self.answer, for: "RequiredIssue")
        return world
    }

    func delete(_ id: String, in world: DocumentWorld) {
        world.environment.commitUpdate { $0.delete(DataID(id)) }
    }

    func repository(_ world: DocumentWorld, _ operation: String) throws -> Lens {
        let root = try #require(world.environment.store.record(.root))
        return try Lens(BoundArtifact(try world.artifact(operation)), record: root).read("repository")
    }

    // MARK: Lens

    @Test func aLinkToADeletedRecordReadsAsNullByTheNullRules() throws {
        let world = try loaded()
        delete("I", in: world)
        delete("U", in: world)
        let repository = try repository(world, "Repo")
        let issue: Lens? = try repository.read("issue")
        #expect(issue == nil)
        // `owner: Actor!`: a non-null read of a null throws as for any null.
        #expect(throws: ReadError.unexpectedNull(record: DataID("R"), field: "owner")) {
            let _: Lens = try repository.read("owner")
        }
    }

    @Test func aBodyThatReadOnlyTheLinkRerunsWhenItsRecordIsDeleted() throws {
        let world = try loaded()
        let repository = try repository(world, "Repo")
        let probe = BodyProbe { () -> Bool in
            let issue: Lens? = try? repository.read("issue")
            return issue != nil
        }
        #expect(probe.value)

        delete("I", in: world)

        #expect(probe.flush())
        #expect(!probe.value)
    }

    @Test func aDeletedRecordWrittenAgainExistsAgain() throws {
        let world = try loaded()
        delete("I", in: world)
        try world.commit(Self.answer, for: "Repo")
        let issue: Lens? = try repository(world, "Repo").read("issue")
        #expect(try issue?.read("title") == "Crash")
    }

    // MARK: StoreReader, data checker

    @Test func theReaderShowsADeletedRecordAsNullAndNothingMissing() throws {
        let world = try loaded()
        delete("I", in: world)
        let root = try #require(world.environment.store.record(.root))
        let read = StoreReader.read(BoundArtifact(try world.artifact("Repo")), root: root)
        #expect(read.data.objectValue?["repository"]?.objectValue?["issue"] == .null)
        #expect(read.missing.isEmpty)
    }

    @Test func theDataCheckerTellsADeletedRecordFromOneNeverReceived() throws {
        let world = try loaded()
        let repo = BoundArtifact(try world.artifact("Repo"))
        let store = world.environment.store
        delete("I", in: world)
        #expect(DataChecker.check(repo, in: store).status == .available)

        // The issue now links to a record of which nothing was received: unknown, missing.
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .link(DataID("I2"))), for: FieldKey(#"issue(number:1)"#), on: DataID("R"))
        }
        #expect(DataChecker.check(repo, in: store).status == .missing)
    }

    @Test func aTrackedAvailabilityMissingUnderARecordHearsItsDeletion() throws {
        let world = try loaded()
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .link(DataID("I2"))), for: FieldKey(#"issue(number:1)"#), on: DataID("R"))
            delta.set(FieldState(value: .scalar("I2")), for: .id, on: DataID("I2"))
        }
        let handle = world.environment.attach(try world.artifact("Repo"), policy: .storeOnly)
        let probe = BodyProbe { handle.availability }
        #expect(probe.value == .missing)

        delete("I2", in: world)

        #expect(probe.flush())
        #expect(probe.value == .available)
    }

    // MARK: Verdict and phase

    @Test func theVerdictReadsADeletedRecordAsNull() throws {
        let world = try loaded()
        delete("I", in: world)
        let root = try #require(world.environment.store.record(.root))
        var untracked = UntrackedReads()
        // Under @throwOnFieldError a null is no error (missing data would be).
        #expect(Verdict.evaluate(BoundArtifact(try world.artifact("Repo")), root: root, tracking: &untracked) == .fine)
        // A @required field pointing at it bubbles its null to the root.
        #expect(Verdict.evaluate(BoundArtifact(try world.artifact("RequiredIssue")), root: root, tracking: &untracked)
                == .requiredFieldMissing(path: [.key("repository"), .key("issue")]))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPhaseFailsWhenARequiredFieldsRecordIsDeleted(_ strategy: PhaseStrategy) throws {
        let world = try loaded(strategy)
        let handle = world.environment.attach(try world.artifact("RequiredIssue"), policy: .storeOnly)
        let probe = BodyProbe { handle.phase.name }
        #expect(probe.value == "ready")

        delete("I", in: world)

        #expect(probe.flush())
        #expect(handle.phase.failure?.name == "read.requiredFieldMissing")
    }
}
