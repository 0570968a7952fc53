import Foundation
import Testing
@testable import Lattice

@Suite struct FailureTests {
    static let all: [Failure] = [
        .transport(.unreachable, underlying: "Connection refused"),
        .transport(.connectionLost, underlying: "The network connection was lost."),
        .httpStatus(code: 500, body: "oops"),
        .undecodableResponse(reason: "not JSON", snippet: "<html>"),
        .requestErrors([GraphQLError(message: "Cannot query field")]),
        .fieldErrors([GraphQLError(message: "boom", path: [.key("viewer"), .index(0)])], operation: "Q"),
        .requiredFieldMissing(path: [.key("viewer"), .key("name")], operation: "Q"),
        .notInStore(operation: "Q"),
        .cancelled,
        .timedOut(after: .seconds(2)),
    ]

    @Test func namesAreStableAndDistinct() {
        #expect(Self.all.map(\.name) == [
            "transport.unreachable", "transport.connectionLost", "http.status",
            "response.undecodable", "response.requestErrors", "read.fieldErrors",
            "read.requiredFieldMissing", "store.notInStore", "fetch.cancelled", "fetch.timedOut",
        ])
    }

    @Test func descriptionCarriesWhatAPersonNeeds() {
        #expect(Self.all[2].description.contains("500"))
        #expect(Self.all[5].description.contains("viewer.0: boom"))
        #expect(Self.all[6].description.contains("viewer.name"))
        #expect(Self.all[0].description.contains("Connection refused"))
    }

    /// Each description says the name once and then only what the case carries: no sentence
    /// restating the name (`@required field … is null` after `read.requiredFieldMissing`).
    @Test func descriptionSaysTheNameOnceAndThenTheValues() {
        #expect(Self.all.map(\.description) == [
            "transport.unreachable: Connection refused",
            "transport.connectionLost: The network connection was lost.",
            "http.status 500: oops",
            "response.undecodable: not JSON; body starts: <html>",
            "response.requestErrors: Cannot query field",
            "read.fieldErrors in Q: viewer.0: boom",
            "read.requiredFieldMissing in Q at viewer.name",
            "store.notInStore: Q (storeOnly makes no fetch)",
            "fetch.cancelled",
            "fetch.timedOut after 2.0 seconds",
        ])
        #expect(Failure.httpStatus(code: 204, body: "").description == "http.status 204")
    }

    @Test func typedThrowCarriesTheKind() {
        func fail() throws(Failure) { throw .httpStatus(code: 503, body: "") }
        do {
            try fail()
            Issue.record("expected a throw")
        } catch {
            switch error {
            case .httpStatus(let code, _): #expect(code == 503)
            case .transport, .undecodableResponse, .requestErrors, .fieldErrors,
                 .requiredFieldMissing, .notInStore, .cancelled, .timedOut:
                Issue.record("wrong kind \(error.name)")
            }
        }
    }

    @Test func errorsAreThoseOfRequestAndFieldErrorsOnly() {
        #expect(Self.all.map(\.errors.count) == [0, 0, 0, 0, 1, 1, 0, 0, 0, 0])
        #expect(Self.all[5].errors.map(\.pathDescription) == ["viewer.0"])
        #expect(Self.all[4].errors.map(\.message) == ["Cannot query field"])
    }
}
