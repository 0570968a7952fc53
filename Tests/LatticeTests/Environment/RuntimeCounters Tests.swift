import Foundation
import Testing
import Lattice
import LatticeTesting

@MainActor @Suite(.hangGuard) struct RuntimeCountersTests {
    func set(_ value: FieldValue, errors: [GraphQLError]? = nil, _ key: String, in world: World) {
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: value, errors: errors), for: FieldKey(key), on: DataID(viewerID))
        }
    }

    func counters(_ world: World) throws -> RuntimeCounters {
        try #require(world.environment.counters)
    }

    @Test func offByDefaultAndNil() throws {
        let world = try World(.stored)
        #expect(world.environment.counters == nil)
    }

    /// What one handle attached to an empty store costs, under each strategy: settles of the
    /// stored phase and verdict walks, once attached (its fetch in flight) and once answered.
    struct AnswerCost: Sendable, CustomTestStringConvertible {
        let strategy: PhaseStrategy
        let settles: (attached: Int, answered: Int)
        let walks: (attached: Int, answered: Int)

        var testDescription: String { strategy.rawValue }
    }

    /// The attach settles once (the phase is `loading`, nothing to walk without data); the
    /// answer settles once and walks once. Derived walks only when the phase is read.
    @Test(arguments: [
        AnswerCost(strategy: .stored, settles: (1, 2), walks: (0, 1)),
        AnswerCost(strategy: .rootVerdict, settles: (0, 0), walks: (0, 1)),
        AnswerCost(strategy: .derived, settles: (0, 0), walks: (0, 0)),
    ])
    func oneHandleAnsweredOnceSettlesPerFactChangeAndWalksOnce(_ cost: AnswerCost) async throws {
        let world = try World(cost.strategy, counting: true)
        world.transport.enqueue("Dashboard")
        let handle = try world.attach("Dashboard")
        let attached = try counters(world).total
        #expect(attached.phasesSettled == cost.settles.attached)
        #expect(attached.handlesWalked == cost.walks.attached)
        await handle.waitForFetch()
        let answered = try counters(world).total
        #expect(answered.phasesSettled == cost.settles.answered)
        #expect(answered.handlesWalked == cost.walks.answered)
        #expect(answered.commits == 1)
        #expect(handle.phase.name == "ready")
    }

    @Test func aCommitCountsWhatItWroteAndNotified() async throws {
        let world = try World(.derived, counting: true)
        let sidebar = try await world.attachLoaded("ViewerSidebar")
        let login = try #require(world.record(viewerID).field(FieldKey("login")))
        world.environment.commitUpdate { delta in
            delta.set(login, for: FieldKey("login"), on: DataID(viewerID))
            delta.set(FieldState(value: .scalar("new")), for: FieldKey("pronouns"), on: DataID(viewerID))
        }
        let last = try counters(world).lastCommit
        #expect(last.commits == 1)
        #expect(last.recordsWritten == 1)
        #expect(last.fieldsWritten == 2)
        #expect(last.notifications == 1)
        #expect(sidebar.phase.name == "ready")
        try counters(world).reset()
        #expect(try counters(world).total == RuntimeCounters.Snapshot())
        #expect(try counters(world).lastCommit == RuntimeCounters.Snapshot())
    }

    @Test func storedWalksEveryRetainedHandleWhoseVerdictCanFail() async throws {
        let world = try World(.stored, counting: true)
        let dashboard = try await world.attachLoaded("Dashboard")
        let sidebar = try await world.attachLoaded("ViewerSidebar")   // no @throwOnFieldError, no bubbling

        set(.null, "bio", in: world)
        let one = try counters(world).lastCommit
        #expect(one.reevaluateCalls == 1)
        #expect(one.handlesWalked == 1)
        #expect(one.phasesSettled == 1)
        #expect(one.phasesChanged == 0)
        #expect(one.fieldsWalkedUntracked > 0)

        let more = [try await world.attachLoaded("Dashboard", policy: .networkOnly),
                    try await world.attachLoaded("Dashboard", policy: .networkOnly)]
        set(.null, "bio", in: world)
        let three = try counters(world).lastCommit
        #expect(three.reevaluateCalls == 1)
        #expect(three.handlesWalked == 3)
        #expect(three.fieldsWalkedUntracked == 3 * one.fieldsWalkedUntracked)
        #expect(three.phasesSettled == 3)
        #expect(three.phasesChanged == 0)

        // A null written to a record no handle reads: every handle still walks.
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .null), for: FieldKey("note"), on: DataID("client:elsewhere"))
        }
        let elsewhere = try counters(world).lastCommit
        #expect(elsewhere.reevaluateCalls == 1)
        #expect(elsewhere.handlesWalked == 3)

        // A value changed without a verdict-relevant change: no reevaluate at all.
        set(.scalar("again"), "bio", in: world)
        set(.scalar("quiet"), "bio", in: world)
        let quiet = try counters(world).lastCommit
        #expect(quiet.reevaluateCalls == 0)
        #expect(quiet.handlesWalked == 0)
        #expect((more + [dashboard, sidebar]).allSatisfy { $0.phase.name == "ready" })
    }

    @Test func rootVerdictWalksOnlyTheRootsWhoseReadsTheCommitChanged() async throws {
        let world = try World(.rootVerdict, counting: true)
        let dashboards = [try await world.attachLoaded("Dashboard"),
                          try await world.attachLoaded("Dashboard", policy: .networkOnly)]
        let card = try await world.attachLoaded("IssueAuthorCard")

        set(.scalar("Writes a GraphQL client"), "bio", in: world)
        let read = try counters(world).lastCommit
        #expect(read.handlesWalked == 1)
        #expect(read.rootVerdictsChanged == 0)
        #expect(read.fieldsWalkedUntracked > 0)
        #expect(read.reevaluateCalls == 0)

        set(.scalar("unread"), "pronouns", in: world)
        #expect(try counters(world).lastCommit.handlesWalked == 0)

        set(.null, errors: [GraphQLError(message: "gone", path: [.key("viewer"), .key("bio")])], "bio", in: world)
        let failed = try counters(world).lastCommit
        #expect(failed.handlesWalked == 1)
        #expect(failed.rootVerdictsChanged == 1)
        #expect(dashboards.allSatisfy { $0.phase.failure?.name == "read.fieldErrors" })
        #expect(card.phase.name == "ready")
    }

    @Test func derivedWalksNothingAtACommitAndWalksTrackedWhenRead() async throws {
        let world = try World(.derived, counting: true)
        let handle = try await world.attachLoaded("Dashboard")
        try counters(world).reset()

        set(.null, "bio", in: world)
        let commit = try counters(world).lastCommit
        #expect(commit.handlesWalked == 0)
        #expect(commit.fieldsWalkedTracked + commit.fieldsWalkedUntracked == 0)
        #expect(commit.phasesSettled == 0)

        let probe = BodyProbe { handle.phase.name }
        #expect(probe.value == "ready")
        let total = try counters(world).total
        #expect(total.handlesWalked == 1)
        #expect(total.fieldsWalkedTracked > 0)
        #expect(total.fieldsWalkedUntracked == 0)
    }

    @Test func theSameWalkCountsTheSameFieldsUnderEveryStrategy() async throws {
        let stored = try World(.stored, counting: true)
        let derived = try World(.derived, counting: true)
        let rooted = try World(.rootVerdict, counting: true)
        let handles = [try await stored.attachLoaded("Dashboard"), try await derived.attachLoaded("Dashboard"),
                       try await rooted.attachLoaded("Dashboard")]
        for world in [stored, derived, rooted] { set(.null, "bio", in: world) }
        try counters(derived).reset()
        _ = handles[1].phase
        let visits = try counters(stored).lastCommit.fieldsWalkedUntracked
        #expect(visits > 0)
        #expect(try counters(derived).total.fieldsWalkedTracked == visits)
        #expect(try counters(rooted).lastCommit.fieldsWalkedUntracked == visits)
        #expect(handles.map(\.phase.name) == ["ready", "ready", "ready"])
    }
}
