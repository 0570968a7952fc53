import Testing
import Lattice
import LatticeTesting

/// What makes two phases, lenses and handles the same: lenses and handles by identity,
/// phases by case and what they carry.
@MainActor @Suite(.hangGuard) struct IdentityTests {
    @Test func phasesAreEqualWhenTheyShowTheSameThing() async throws {
        let world = try World(.shipped)
        let first = try await world.attachLoaded("Dashboard")
        let second = try await world.attachLoaded("Dashboard", policy: .networkOnly)
        let card = try await world.attachLoaded("IssueAuthorCard")
        #expect(first.phase == second.phase)
        #expect(first.phase.lens == second.phase.lens)
        #expect(first.phase != card.phase)
        #expect(Phase.loading == .loading)
        #expect(Phase.failed(unreachable) == .failed(unreachable))
        #expect(Phase.failed(unreachable) != .failed(.cancelled))
        #expect(Phase.failed(unreachable) != .loading)
        #expect(first.phase != .loading)
    }

    @Test func handlesAreEqualAndIdentifiedByIdentity() async throws {
        let world = try World(.shipped)
        let first = try await world.attachLoaded("Dashboard")
        let second = try await world.attachLoaded("Dashboard")
        #expect(first == first)
        #expect(first != second)
        #expect(first.id == ObjectIdentifier(first))
        #expect(first.id != second.id)
        #expect(Set([first, second, first]).count == 2)
    }
}
