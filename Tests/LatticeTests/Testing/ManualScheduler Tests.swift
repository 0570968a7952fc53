import Foundation
import Testing
import Lattice
import LatticeTesting

@MainActor @Suite struct ManualSchedulerTests {
    @Test func advanceRunsWhatFallsDueInOrderAndMovesNow() {
        let scheduler = ManualScheduler(now: Date(timeIntervalSince1970: 100))
        var ran: [String] = []
        _ = scheduler.schedule(after: .seconds(3)) { ran.append("3s") }
        _ = scheduler.schedule(after: .seconds(1)) {
            ran.append("1s")
            _ = scheduler.schedule(after: .seconds(1)) { ran.append("1s+1s") }
        }
        _ = scheduler.schedule(after: .seconds(10)) { ran.append("10s") }
        scheduler.advance(by: .seconds(3))
        #expect(ran == ["1s", "1s+1s", "3s"])
        #expect(scheduler.now == Date(timeIntervalSince1970: 103))
        #expect(scheduler.pendingDelays == [.seconds(10)])
    }

    @Test func aCancelledActionDoesNotRun() {
        let scheduler = ManualScheduler()
        var ran = false
        let action = scheduler.schedule(after: .seconds(1)) { ran = true }
        action.cancel()
        scheduler.advance(by: .seconds(5))
        #expect(!ran)
        #expect(scheduler.pendingDelays.isEmpty)
    }

    @Test func anActionSeesTheTimeItFellDueAt() {
        let scheduler = ManualScheduler(now: Date(timeIntervalSince1970: 0))
        var seen: Date?
        _ = scheduler.schedule(after: .seconds(2)) { seen = scheduler.now }
        scheduler.advance(by: .seconds(5))
        #expect(seen == Date(timeIntervalSince1970: 2))
    }
}
