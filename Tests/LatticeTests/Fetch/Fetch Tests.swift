import Foundation
import Testing
@testable import Lattice

@Suite struct FetchTests {
    let placed = [GraphQLError(message: "unplaced", path: [.key("gone")])]

    @Test func startAndFailKeepTheLastResponsesUnplacedErrors() {
        var fetch = Fetch()
        fetch.succeed(unplacedErrors: placed)
        fetch.start(at: Date(timeIntervalSince1970: 10))
        #expect(fetch.isInFlight)
        #expect(fetch.unplacedErrors == placed)
        fetch.fail(.cancelled, at: Date(timeIntervalSince1970: 11))
        #expect(fetch.failure == .cancelled)
        #expect(!fetch.isInFlight)
        #expect(fetch.unplacedErrors == placed)
    }

    @Test func successReplacesUnplacedErrorsAndGoesIdle() {
        var fetch = Fetch(activity: .failed(.cancelled, at: Date()), unplacedErrors: placed)
        fetch.succeed(unplacedErrors: [])
        #expect(fetch.activity == .idle)
        #expect(fetch.unplacedErrors.isEmpty)
        #expect(fetch.failure == nil)
    }

    @Test func anActivitySaysWhetherItIsInFlightOrFailed() {
        let activities: [Fetch.Activity] = [.idle, .inFlight(since: Date()), .failed(.cancelled, at: Date())]
        #expect(activities.map(\.isInFlight) == [false, true, false])
        #expect(activities.map(\.isFailed) == [false, false, true])
    }
}
