import Foundation
import Synchronization
import Observation
import Testing
import Lattice
import LatticeTesting

/// The decision record's three spike properties, under the derived strategy.
@MainActor @Suite(.hangGuard) struct DerivedPhaseTests {
    /// Writes `value` to the viewer's `key`, as a local update.
    func write(_ value: FieldValue, to key: String, on world: World) {
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: value), for: FieldKey(key), on: DataID(viewerID))
        }
    }

    @Test func aBodyThatReadThePhaseRerunsForAFieldTheVerdictReadAndNotForOthers() async throws {
        let world = try World(.derived)
        let handle = try await world.attachLoaded("Dashboard")
        let probe = BodyProbe { handle.phase.name }
        #expect(probe.value == "ready")

        // `bio` is in Dashboard's own selection: the verdict read it.
        write(.scalar("Writes a GraphQL client"), to: "bio", on: world)
        #expect(probe.flush())
        #expect(probe.runs == 2)
        #expect(probe.value == "ready")

        // A field no selection of Dashboard has: the verdict never read it.
        write(.scalar("unread"), to: "pronouns", on: world)
        #expect(!probe.flush())
        #expect(probe.runs == 2)
    }

    @Test func aRefetchThatFailsBehindDataRerunsNoPhaseBodyAndTheFailureStaysReadable() async throws {
        let world = try World(.derived)
        let first = try await world.attachLoaded("Dashboard")
        let second = try await world.attachLoaded("Dashboard", policy: .networkOnly)
        #expect(first.hasData && second.hasData)
        let firstPhase = BodyProbe { first.phase.name }
        let secondPhase = BodyProbe { second.phase.name }
        let secondFetch = BodyProbe { second.fetch }

        world.transport.enqueue("Dashboard", .fail(unreachable))
        await second.refetch().value

        #expect(!firstPhase.flush())
        #expect(!secondPhase.flush())
        #expect(firstPhase.runs == 1 && secondPhase.runs == 1)
        #expect(second.phase.name == "ready")
        // Beside the data, the failure and its time are there for whoever reads the fetch.
        #expect(secondFetch.flush())
        #expect(secondFetch.value.activity == .failed(unreachable, at: world.scheduler.now))
        #expect(second.fetch.failure == unreachable)
        #expect(first.fetch.activity == .idle)
    }

    @Test func aScopeNestedInAnotherMergesItsReadsIntoTheOuterOne() async throws {
        let world = try World(.derived)
        let handle = try await world.attachLoaded("Dashboard")
        let outerFired = Flag()
        let innerFired = Flag()
        withObservationTracking {
            _ = handle.hasData
            withObservationTracking {
                _ = handle.phase
            } onChange: {
                innerFired.set()
            }
        } onChange: {
            outerFired.set()
        }
        write(.scalar("Writes a GraphQL client"), to: "bio", on: world)
        #expect(innerFired.isSet)
        #expect(outerFired.isSet)
    }

    @Test func theGetterDoesNotReadTheFetchWhileDataIsPresent() async throws {
        let world = try World(.derived)
        let handle = try await world.attachLoaded("Dashboard")
        let probe = BodyProbe { handle.phase.name }
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", after: gate)
        handle.refetch()
        #expect(handle.isRefreshing)
        #expect(!probe.isDirty)
        gate.open()
        await handle.waitForFetch()
        #expect(!probe.flush())
    }
}

/// A flag an `onChange` sets from whatever thread Observation calls it on.
final class Flag: Sendable {
    private let bit = Mutex(false)

    var isSet: Bool { bit.withLock { $0 } }
    @Sendable func set() { bit.withLock { $0 = true } }
}
