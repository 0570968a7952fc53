import Foundation
import Observation
import Testing
import Lattice
import LatticeTesting

@MainActor @Observable final class EventRecorder {
    var events: [GraphQLResponse] = []
}

@MainActor @Suite(.hangGuard) struct SubscriptionHandleTests {
    let request = GraphQLRequest(query: "subscription OnComment { commentAdded { id } }",
                                 operationName: "OnComment")
    let transport = FixtureTransport(responses: [])
    let scheduler = ManualScheduler(now: Date(timeIntervalSince1970: 0))
    let recorder = EventRecorder()
    let policy = ReconnectPolicy(baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(30),
                                 maxAttempts: 3, jitter: 0)

    func event(_ n: Int) -> GraphQLResponse { GraphQLResponse(data: .object(["n": .int(n)])) }

    func makeHandle() -> SubscriptionHandle {
        SubscriptionHandle(request: request, transport: transport, policy: policy,
                           scheduler: scheduler, random: FixedRandom(value: 0)) { [recorder] in
            recorder.events.append($0)
        }
    }

    func channel(_ index: Int) throws -> SubscriptionChannel {
        let channels = transport.channels(for: "OnComment")
        try #require(channels.count > index, "expected stream \(index) to be open, have \(channels.count)")
        return channels[index]
    }

    @Test func connectEventDropBackoffReconnectEnd() async throws {
        let handle = makeHandle()
        #expect(handle.state == .connecting)
        #expect(transport.channels(for: "OnComment").count == 1)

        try channel(0).send(.opened)
        await waitUntil { handle.state == .open(since: scheduler.now) }
        scheduler.advance(by: .seconds(5))
        try channel(0).send(.next(event(1)))
        await waitUntil { recorder.events.count == 1 }
        #expect(handle.lastEventAt == Date(timeIntervalSince1970: 5))

        try channel(0).finish()
        await waitUntil { handle.state != .open(since: Date(timeIntervalSince1970: 0)) }
        #expect(handle.state == .waitingToReconnect(attempt: 1, at: Date(timeIntervalSince1970: 6)))
        #expect(scheduler.pendingDelays == [.seconds(1)])

        scheduler.advance(by: .seconds(1))
        #expect(handle.state == .connecting)
        try channel(1).send(.failed(.transport(.unreachable, underlying: "refused")))
        await waitUntil { handle.state != .connecting }
        #expect(handle.state == .waitingToReconnect(attempt: 2, at: Date(timeIntervalSince1970: 8)))
        #expect(scheduler.pendingDelays == [.seconds(2)])

        scheduler.advance(by: .seconds(2))
        try channel(2).send(.next(event(2)))
        try channel(2).send(.completed)
        await waitUntil { handle.state == .ended(.completed) }
        #expect(recorder.events == [event(1), event(2)])
        #expect(handle.lastEventAt == Date(timeIntervalSince1970: 8))
        #expect(scheduler.pendingDelays.isEmpty)
        #expect(transport.channels(for: "OnComment").count == 3)
    }

    @Test func cancelWhileWaitingToReconnectEndsItAndNoReconnectHappens() async throws {
        let handle = makeHandle()
        try channel(0).send(.failed(.transport(.connectionLost, underlying: "reset")))
        await waitUntil { handle.state != .connecting }
        #expect(scheduler.pendingDelays == [.seconds(1)])
        handle.cancel()
        #expect(handle.state == .ended(.cancelled))
        #expect(scheduler.pendingDelays.isEmpty)
        scheduler.advance(by: .seconds(60))
        #expect(transport.channels(for: "OnComment").count == 1)
    }

    @Test func cancelWhileOpenTearsDownTheStream() async throws {
        let handle = makeHandle()
        try channel(0).send(.opened)
        await waitUntil { handle.state != .connecting }
        #expect(try !channel(0).isTerminated)
        handle.cancel()
        #expect(handle.state == .ended(.cancelled))
        try await channel(0).terminated()
        #expect(try channel(0).isTerminated)
    }

    @Test func thePolicyGivingUpEndsTheStreamWithTheLastFailure() async throws {
        let handle = makeHandle()
        let drop = Failure.transport(.connectionLost, underlying: "reset")
        for attempt in 0...3 {
            try channel(attempt).send(.failed(drop))
            await waitUntil { handle.state != .connecting }
            scheduler.advance(by: .seconds(60))
        }
        #expect(handle.state == .ended(.failed(drop)))
        #expect(transport.channels(for: "OnComment").count == 4)
    }

    /// A stream that opens and ends at once, with no event (a server that accepts and hangs
    /// up, or completes every stream), is a failed attempt: its opening does not reset the
    /// count, so the reconnects back off and stop at `maxAttempts` (3): 4 requests in all.
    /// Opening reset it, and such a server got a request every base delay, for ever (391 in
    /// 30 s with `maxAttempts` 2).
    @Test func aStreamThatOpensAndEndsWithoutAnEventIsAFailedAttempt() async throws {
        let handle = makeHandle()
        for attempt in 0..<10 where transport.channels(for: "OnComment").count == attempt + 1 {
            try channel(attempt).send(.opened)
            try channel(attempt).finish()
            await waitUntil { Self.hasDropped(handle.state) }
            if case .ended = handle.state { break }
            #expect(handle.state == .waitingToReconnect(attempt: attempt + 1, at: handle.state.reconnectTime ?? .distantPast))
            scheduler.advance(by: .seconds(60))
        }
        #expect(handle.state == .ended(.failed(.transport(
            .connectionLost, underlying: "the subscription stream ended without completing"))))
        #expect(transport.channels(for: "OnComment").count == 4)
    }

    /// A stream proves healthy by an event with data: only then does the count start again.
    @Test func anEventWithDataResetsTheAttempts() async throws {
        let handle = makeHandle()
        try channel(0).send(.opened)
        try channel(0).finish()
        await waitUntil { Self.hasDropped(handle.state) }
        scheduler.advance(by: .seconds(60))
        try channel(1).send(.next(event(1)))
        try channel(1).finish()
        await waitUntil { Self.hasDropped(handle.state) }
        #expect(handle.state == .waitingToReconnect(attempt: 1, at: handle.state.reconnectTime ?? .distantPast))
    }

    static func hasDropped(_ state: SubscriptionState) -> Bool {
        switch state {
        case .waitingToReconnect, .ended: true
        case .connecting, .open: false
        }
    }

    @Test func scriptedEventsArriveAsSoonAsTheStreamOpens() async throws {
        transport.enqueueStream("OnComment", [.opened, .next(event(7)), .completed])
        let handle = makeHandle()
        await waitUntil { handle.state == .ended(.completed) }
        #expect(recorder.events == [event(7)])
    }
}

extension SubscriptionState {
    /// When the reconnect is due, while waiting for one.
    var reconnectTime: Date? {
        guard case .waitingToReconnect(_, let at) = self else { return nil }
        return at
    }
}
