import Testing
@testable import Lattice

@Suite struct ReconnectPolicyTests {
    let policy = ReconnectPolicy(baseDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(5),
                                 maxAttempts: nil, jitter: 0.5)

    @Test func withoutJitterTheDelayGrowsByTheMultiplierUpToTheCap() {
        let delays = (1...6).map { policy.delay(beforeAttempt: $0, sample: 0) }
        #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5), .seconds(5)])
    }

    @Test func jitterShortensADelayByAtMostItsFraction() throws {
        var random = SeededRandom(state: 42)
        var seen = Set<Duration>()
        for attempt in 1...200 {
            let sample = Double(random.next() >> 11) * 0x1p-53
            let delay = try #require(policy.delay(beforeAttempt: attempt, sample: sample))
            let full = try #require(policy.delay(beforeAttempt: attempt, sample: 0))
            #expect(delay <= full)
            #expect(delay >= full / 2)
            seen.insert(delay)
        }
        #expect(seen.count > 100)
    }

    @Test func aLimitedPolicyGivesUpAfterItsAttempts() {
        let limited = ReconnectPolicy(maxAttempts: 2)
        #expect(limited.delay(beforeAttempt: 2, sample: 0) != nil)
        #expect(limited.delay(beforeAttempt: 3, sample: 0) == nil)
        #expect(ReconnectPolicy.default.delay(beforeAttempt: 10_000, sample: 0) == .seconds(60))
    }

    @Test func onlyFailuresThatMayPassOnRetryAreRetried() {
        #expect(ReconnectPolicy.isRetryable(.transport(.connectionLost, underlying: "")))
        #expect(ReconnectPolicy.isRetryable(.timedOut(after: .seconds(1))))
        #expect(ReconnectPolicy.isRetryable(.httpStatus(code: 503, body: "")))
        #expect(!ReconnectPolicy.isRetryable(.httpStatus(code: 400, body: "")))
        #expect(!ReconnectPolicy.isRetryable(.requestErrors([GraphQLError(message: "bad")])))
        #expect(!ReconnectPolicy.isRetryable(.undecodableResponse(reason: "", snippet: "")))
    }
}
