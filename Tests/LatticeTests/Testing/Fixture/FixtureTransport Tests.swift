import Foundation
import Testing
import Lattice
import LatticeTesting

@Suite(.hangGuard) struct FixtureTransportTests {
    static let ok = GraphQLResponse(data: .object(["issue": .object(["id": .string("I1")])]))
    static let fieldError = GraphQLResponse(
        data: .object(["issue": .null]),
        errors: [GraphQLError(message: "boom", path: [.key("issue")])])
    static let requestError = GraphQLResponse(data: nil, errors: [GraphQLError(message: "bad variable")])

    let transport = FixtureTransport(responses: [
        FixtureResponse(operation: "Issue", variables: ["id": .string("I1")], case: "ok", response: ok),
        FixtureResponse(operation: "Issue", variables: ["id": .string("I1")], case: "field-error",
                        response: fieldError),
        FixtureResponse(operation: "Issue", variables: ["id": .string("I1")], case: "request-error",
                        response: requestError),
    ])
    let request = GraphQLRequest(query: "query Issue($id: ID!) { issue(id: $id) { id } }",
                                 operationName: "Issue", variables: ["id": .string("I1")])

    @Test func answersWithTheOkFixtureForTheVariablesAndCountsRequests() async throws {
        #expect(try await transport.execute(request) == Self.ok)
        #expect(try await transport.execute(request) == Self.ok)
        #expect(transport.requestCount(for: "Issue") == 2)
        #expect(transport.requestCount(for: "Other") == 0)
        #expect(transport.requests == [request, request])
    }

    @Test func enqueuedOutcomesAnswerTheNextRequestsInOrderThenTheDefault() async throws {
        transport.enqueue("Issue", .fixture(case: "field-error"))
        transport.enqueue("Issue", .fail(.httpStatus(code: 502, body: "bad gateway")))
        #expect(try await transport.execute(request) == Self.fieldError)
        await #expect(throws: Failure.httpStatus(code: 502, body: "bad gateway")) {
            try await transport.execute(request)
        }
        #expect(try await transport.execute(request) == Self.ok)
    }

    @Test func aDefaultOutcomeAnswersEveryRequest() async throws {
        let other = GraphQLResponse(data: .object(["issue": .null]))
        transport.setDefault("Issue", .respond(other))
        #expect(try await transport.execute(request) == other)
        #expect(try await transport.execute(request) == other)
    }

    @Test func errorsWithoutDataAreRequestErrors() async {
        transport.enqueue("Issue", .fixture(case: "request-error"))
        await #expect(throws: Failure.requestErrors(Self.requestError.errors ?? [])) {
            try await transport.execute(request)
        }
    }

    @Test func aRequestNoFixtureAnswersSaysWhatThereIs() async {
        var unknown = request
        unknown.variables = ["id": .string("I9")]
        do {
            _ = try await transport.execute(unknown)
            Issue.record("expected a failure")
        } catch {
            guard case .requestErrors(let errors) = error else {
                Issue.record("expected request errors, got \(error.name)")
                return
            }
            #expect(errors.first?.message.contains("no answer for Issue") == true)
            #expect(errors.first?.message.contains("I1") == true)
        }
    }

    @Test func aGatedRequestWaitsUntilTheGateOpens() async throws {
        let gate = RequestBarrier()
        transport.enqueue("Issue", after: gate)
        let pending = Task { [transport, request] in try await transport.execute(request) }
        await gate.arrival()
        #expect(gate.arrivals == 1)
        gate.open()
        #expect(try await pending.value == Self.ok)
    }

    @Test func aGatedRequestWhoseTaskIsCancelledFailsCancelled() async {
        let gate = RequestBarrier()
        transport.enqueue("Issue", after: gate)
        let pending = Task { [transport, request] () async throws(Failure) -> GraphQLResponse in
            try await transport.execute(request)
        }
        await gate.arrival()
        pending.cancel()
        let result = await pending.result
        #expect(throws: Failure.cancelled) { try result.get() }
    }
}
