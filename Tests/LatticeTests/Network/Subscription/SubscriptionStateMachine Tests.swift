import Foundation
import Testing
import Lattice

@Suite struct SubscriptionStateMachineTests {
    let policy = ReconnectPolicy(baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(3),
                                 maxAttempts: nil, jitter: 0.5)
    let drop = Failure.transport(.connectionLost, underlying: "reset")
    let event = GraphQLResponse(data: .object(["n": .int(1)]))
    let t0 = Date(timeIntervalSince1970: 1000)

    func machine(random: UInt64 = 0, policy: ReconnectPolicy? = nil) -> SubscriptionStateMachine {
        SubscriptionStateMachine(policy: policy ?? self.policy, random: FixedRandom(value: random))
    }

    @Test func startConnectsOnceAndOpenedOpens() {
        var machine = machine()
        #expect(machine.handle(.start, at: t0) == [.connect])
        #expect(machine.handle(.start, at: t0) == [])
        #expect(machine.state == .connecting)
        #expect(machine.handle(.opened, at: t0 + 1) == [])
        #expect(machine.state == .open(since: t0 + 1))
        #expect(machine.lastEventAt == nil)
    }

    @Test func anEventIsCommittedAndStampedAndOpensAStreamThatDidNotAnnounceItself() {
        var machine = machine()
        _ = machine.handle(.start, at: t0)
        #expect(machine.handle(.next(event), at: t0 + 2) == [.commit(event)])
        #expect(machine.state == .open(since: t0 + 2))
        #expect(machine.lastEventAt == t0 + 2)
        #expect(machine.handle(.next(event), at: t0 + 5) == [.commit(event)])
        #expect(machine.state == .open(since: t0 + 2))
        #expect(machine.lastEventAt == t0 + 5)
    }

    @Test func dropsBackOffByThePolicyCappedAndOnlyAnEventWithDataResetsTheCount() {
        var machine = machine()
        _ = machine.handle(.start, at: t0)
        _ = machine.handle(.opened, at: t0)
        var delays: [Duration] = []
        for attempt in 1...4 {
            let effects = machine.handle(.failed(drop), at: t0)
            guard case .scheduleReconnect(let delay)? = effects.last else {
                Issue.record("attempt \(attempt): no reconnect scheduled in \(effects)")
                return
            }
            #expect(effects.first == .disconnect)
            #expect(machine.state == .waitingToReconnect(attempt: attempt, at: t0 + delay.seconds))
            delays.append(delay)
            #expect(machine.handle(.reconnectDue, at: t0) == [.connect])
            #expect(machine.state == .connecting)
        }
        #expect(delays == [.seconds(1), .seconds(2), .seconds(3), .seconds(3)])
        _ = machine.handle(.opened, at: t0)
        #expect(machine.failedAttempts == 4)
        _ = machine.handle(.next(GraphQLResponse(data: .null, errors: [GraphQLError(message: "no")])), at: t0)
        #expect(machine.failedAttempts == 4)
        _ = machine.handle(.next(event), at: t0)
        #expect(machine.failedAttempts == 0)
        #expect(machine.handle(.failed(drop), at: t0).last == .scheduleReconnect(after: .seconds(1)))
    }

    @Test func theShortestJitteredDelayIsTheFullOneLessTheJitterFraction() {
        var machine = machine(random: .max)
        _ = machine.handle(.start, at: t0)
        let effects = machine.handle(.failed(drop), at: t0)
        guard case .scheduleReconnect(let delay)? = effects.last else {
            Issue.record("no reconnect in \(effects)")
            return
        }
        #expect(delay >= .milliseconds(500))
        #expect(delay < .milliseconds(501))
    }

    @Test func thePolicyGivingUpEndsTheStreamFailed() {
        var machine = machine(policy: ReconnectPolicy(maxAttempts: 1))
        _ = machine.handle(.start, at: t0)
        _ = machine.handle(.failed(drop), at: t0)
        _ = machine.handle(.reconnectDue, at: t0)
        #expect(machine.handle(.failed(drop), at: t0) == [.disconnect])
        #expect(machine.state == .ended(.failed(drop)))
    }

    @Test func aFailureNotWorthRetryingEndsTheStreamAtOnce() {
        var machine = machine()
        _ = machine.handle(.start, at: t0)
        let rejected = Failure.requestErrors([GraphQLError(message: "unknown field")])
        #expect(machine.handle(.failed(rejected), at: t0) == [.disconnect])
        #expect(machine.state == .ended(.failed(rejected)))
    }

    @Test func completionEndsAndLaterInputsAreIgnored() {
        var machine = machine()
        _ = machine.handle(.start, at: t0)
        _ = machine.handle(.opened, at: t0)
        #expect(machine.handle(.completed, at: t0) == [.disconnect])
        #expect(machine.state == .ended(.completed))
        #expect(machine.handle(.next(event), at: t0) == [])
        #expect(machine.handle(.failed(drop), at: t0) == [])
        #expect(machine.handle(.cancel, at: t0) == [])
        #expect(machine.state == .ended(.completed))
        #expect(machine.lastEventAt == nil)
    }

    @Test func cancelWhileWaitingEndsItAndTheDueReconnectIsIgnored() {
        var machine = machine()
        _ = machine.handle(.start, at: t0)
        _ = machine.handle(.failed(drop), at: t0)
        #expect(machine.handle(.cancel, at: t0) == [.disconnect])
        #expect(machine.state == .ended(.cancelled))
        #expect(machine.handle(.reconnectDue, at: t0) == [])
    }

    @Test func eventsWhileWaitingToReconnectAreIgnored() {
        var machine = machine()
        _ = machine.handle(.start, at: t0)
        _ = machine.handle(.failed(drop), at: t0)
        let waiting = machine.state
        #expect(machine.handle(.next(event), at: t0) == [])
        #expect(machine.handle(.opened, at: t0) == [])
        #expect(machine.state == waiting)
    }
}

private extension Date {
    static func + (date: Date, seconds: Double) -> Date { date.addingTimeInterval(seconds) }
}

private extension Duration {
    var seconds: Double { self / .seconds(1) }
}
