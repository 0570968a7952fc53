import Foundation
import Testing
import Lattice
import LatticeTesting

/// `OperationHandle.availability`, read by a body: what re-runs it, and what does not.
@MainActor @Suite(.hangGuard) struct AvailabilityTests {
    /// Dashboard's data in the store and a `storeOnly` handle on it (it never fetches, so
    /// what the test does is all that happens), with a body that shows its availability.
    func shownAvailability(_ world: World) throws -> (OperationHandle, BodyProbe<OperationAvailability>) {
        try world.load("Dashboard")
        let handle = try world.attach("Dashboard", policy: .storeOnly)
        let probe = BodyProbe { handle.availability }
        #expect(probe.value == .available)
        return (handle, probe)
    }

    /// What the body shows after re-running, or `nil` if nothing it read changed.
    func rerun(_ probe: BodyProbe<OperationAvailability>) -> OperationAvailability? {
        probe.flush() ? probe.value : nil
    }

    func set(_ value: FieldValue, _ key: String, on id: String, in world: World) {
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: value), for: FieldKey(key), on: DataID(id))
        }
    }

    @Test func invalidatingTheOperationReRunsTheBodyAndItsNextWriteToo() throws {
        let world = try World(.shipped)
        let (handle, probe) = try shownAvailability(world)
        #expect(handle.invalidate() == nil)
        #expect(rerun(probe) == .stale)
        try world.load("Dashboard")
        #expect(rerun(probe) == .available)
    }

    @Test func invalidatingTheStoreReRunsTheBody() throws {
        let world = try World(.shipped)
        let (_, probe) = try shownAvailability(world)
        world.environment.invalidateStore()
        #expect(rerun(probe) == .stale)
    }

    @Test func invalidatingARecordItReachesReRunsTheBody() throws {
        let world = try World(.shipped)
        let (_, probe) = try shownAvailability(world)
        world.environment.invalidate(DataID("client:elsewhere"))
        #expect(!probe.isDirty)
        world.environment.invalidate(DataID(viewerID))
        #expect(rerun(probe) == .stale)
    }

    @Test func aCommitThatLeavesItAsItWasDoesNotReRunTheBody() throws {
        let world = try World(.shipped)
        let (handle, probe) = try shownAvailability(world)
        set(.scalar("unread"), "note", on: "client:elsewhere", in: world)
        set(.scalar("Writes a GraphQL client"), "bio", on: viewerID, in: world)
        #expect(!probe.isDirty)
        #expect(handle.availability == .available)
    }

    @Test func whileMissingTheFieldTheCheckStoppedAtReRunsTheBody() throws {
        let world = try World(.shipped)
        let handle = try world.attach("Dashboard", policy: .storeOnly)
        let probe = BodyProbe { handle.availability }
        #expect(probe.value == .missing)
        set(.scalar("unread"), "note", on: "client:elsewhere", in: world)
        #expect(!probe.isDirty)
        // Another operation's answer writes the viewer, where the check stopped; Dashboard
        // reads more of it than ViewerSidebar does, so it is still missing.
        try world.load("ViewerSidebar")
        #expect(rerun(probe) == .missing)
        try world.load("Dashboard")
        #expect(rerun(probe) == .available)
    }

    /// `@expires` staleness comes with time, and no timer fires: the body is not re-run, and
    /// a read after the window answers stale.
    @Test func expiryIsSeenWhenReadWithoutANotification() throws {
        let world = try World(.shipped)
        try world.load("RepositoryOverview")
        let handle = try world.attach("RepositoryOverview", policy: .storeOnly)
        let probe = BodyProbe { handle.availability }
        #expect(probe.value == .available)
        world.scheduler.advance(by: .seconds(61))
        #expect(!probe.isDirty)
        #expect(handle.availability == .stale)
    }
}
